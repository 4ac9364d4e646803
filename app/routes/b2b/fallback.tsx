import { href, redirect } from "react-router";

/** Any unknown /b2b/* address falls back to the overview (spec §2). */
export async function loader() {
  throw redirect(href("/b2b/episkopisi"));
}

export default function B2bFallback() {
  return null;
}
