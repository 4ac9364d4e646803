import { href, redirect } from "react-router";

/** /b2b: the overview is the home of the signed-in area (the layout's guards run first). */
export async function loader() {
  throw redirect(href("/b2b/episkopisi"));
}

export default function B2bIndex() {
  return null;
}
