import type { RouterContextProvider } from "react-router";
import type { HtmlSlot } from "../components/ServerHtml";
import { cloudflareContext } from "../context";

/**
 * The loader side of app/components/ServerHtml.tsx: markup for the page, sent once. On a document
 * request it goes to the request's store (rendered into the HTML, not into the hydration data);
 * on a client navigation it travels in the loader data.
 */
export function htmlSlot(
  context: Readonly<RouterContextProvider>,
  key: string,
  html: string,
): HtmlSlot {
  const { page } = context.get(cloudflareContext);
  if (!page.document) return { key, html };
  page.html.set(key, html);
  return { key, html: null };
}

/** `T` with every string (an SVG) turned into a slot. */
export type Slotted<T> = T extends string
  ? HtmlSlot
  : T extends null
    ? null
    : { [K in keyof T]: Slotted<T[K]> };

/**
 * Every string of a loader's chart object as a slot, keyed by its path ("amounts.wide"), so a
 * page's charts are sent once on a document request (app/components/ServerHtml.tsx).
 */
export function htmlSlots<T>(
  context: Readonly<RouterContextProvider>,
  value: T,
  path = "",
): Slotted<T> {
  if (typeof value === "string") return htmlSlot(context, path, value) as Slotted<T>;
  if (value === null || typeof value !== "object") return value as Slotted<T>;
  const entries = Object.entries(value).map(([key, inner]) => [
    key,
    htmlSlots(context, inner, path ? `${path}.${key}` : key),
  ]);
  return Object.fromEntries(entries) as Slotted<T>;
}
