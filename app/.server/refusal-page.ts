import { resources } from "../../locales";
import { actionTarget } from "./request-body";
import { defaultLanguage, isLanguage, type Language } from "../i18n";
import { localeCookie } from "../middleware/i18next";
import stylesHref from "../styles/app.css?url";

/*
 * The translated page of a request no page or action can take, for the places
 * where React Router renders no page: a resource route (PDF, CSV, image) and a method React
 * Router does not know (OPTIONS, PROPFIND, …), which it refuses before any middleware runs. Page
 * routes render the same texts in their error boundary (app/components/ErrorContent.tsx).
 */

export type RefusalStatus = 400 | 405 | 413;

const KIND: Record<RefusalStatus, string> = {
  400: "badRequest",
  405: "methodNotAllowed",
  413: "tooLarge",
};

/** The methods React Router's request handler knows; any other is answered here. */
export const ROUTER_METHODS: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
]);

type Translate = (key: string) => string;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A small page in the portal's style: the refusal's title, what to do, a link home. */
export function refusalResponse(
  status: RefusalStatus,
  { language, t, allow }: { language: string; t: Translate; allow?: string },
): Response {
  const kind = KIND[status];
  const title = escapeHtml(t(`error.${kind}Title`));
  const html =
    `<!DOCTYPE html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title} | ${escapeHtml(t("siteSuffix"))}</title>` +
    `<link rel="stylesheet" href="${escapeHtml(stylesHref)}"></head><body>` +
    `<main id="main" class="container"><div class="card"><h1>${title}</h1>` +
    `<p>${escapeHtml(t(`error.${kind}Body`))}</p><p class="actions">` +
    `<a class="btn" href="/">${escapeHtml(t("notFound.home"))}</a></p></div></main></body></html>`;
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
  });
  if (allow) headers.set("Allow", allow);
  return new Response(html, { status, headers });
}

/** A translation from the bundled common namespace, without an i18next instance. */
function commonTranslate(language: Language): Translate {
  const lookup = (lng: string, key: string): string | undefined => {
    let node: unknown = resources[lng]?.common;
    for (const part of key.split(".")) {
      node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    }
    return typeof node === "string" ? node : undefined;
  };
  return (key) => lookup(language, key) ?? lookup(defaultLanguage, key) ?? key;
}

/** The request's language as the i18next middleware chooses it: `?lng=`, the cookie, Greek. */
async function languageOf(request: Request): Promise<Language> {
  const fromQuery = new URL(request.url).searchParams.get("lng");
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie: unknown = await localeCookie
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return isLanguage(fromCookie) ? fromCookie : defaultLanguage;
}

/**
 * For workers/app.ts, before React Router: a page request with a method React Router does not
 * know (it would answer a bare 500, its middleware never runs) gets the translated 405 page.
 * Null for every other request.
 */
export async function unknownMethodRefusal(request: Request): Promise<Response | null> {
  if (ROUTER_METHODS.has(request.method)) return null;
  const { routes } = await import("virtual:react-router/server-build");
  const url = new URL(request.url);
  const target = actionTarget(routes, url.pathname.replace(/(\/_)?\.data$/, ""), url.search);
  const language = await languageOf(request);
  return refusalResponse(405, {
    language,
    t: commonTranslate(language),
    allow: target?.hasAction ? "GET, HEAD, POST" : "GET, HEAD",
  });
}
