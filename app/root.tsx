import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { loadConfirmedCheckout } from "./.server/checkout";
import { paymentsAvailable } from "../core/payment-provider";
import { CheckoutDialog, useCheckoutNamespace } from "./components/checkout/checkout-slot";
import { showCookieBar } from "./components/cookie-consent";
import { ScriptsAfterPaint } from "./components/ScriptsAfterPaint";
import { StylesFirstLinks } from "./components/StylesFirstLinks";
import { ErrorPage } from "./components/ErrorPage";
import { LanguagePrompt } from "./components/LanguagePrompt";
import { useRootData } from "./components/root-data";
import { Toast } from "./components/Toast";
import { cloudflareContext } from "./context";
import { getInstance, getLocale, i18nextMiddleware, localeCookie } from "./middleware/i18next";
import { requestBodyMiddleware } from "./middleware/request-body";
import { getSession, getToast, isSignedIn, sessionMiddleware } from "./middleware/session";
import stylesHref from "./styles/app.css?url";

// The body check comes after the language (its refusals are translated pages) and before the
// session, so that a request no action can take costs no session or API work.
export const middleware = [i18nextMiddleware, ...requestBodyMiddleware, sessionMiddleware];

export const links: Route.LinksFunction = () => [
  // A precedence makes React emit the stylesheet first in <head>, ahead of anything it hoists,
  // so the render-blocking CSS is requested before any JavaScript (see also ScriptsAfterPaint).
  { rel: "stylesheet", href: stylesHref, precedence: "default" },
  // Static files from public/ (scripts/make-icons.ts draws them from the logo mark), answered
  // by Workers Assets without running the Worker and cached by the browser, instead of a data
  // URL repeated in every page's HTML. /favicon.ico exists too, for clients that ask for it.
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export type Skin = 1 | 2 | 3;

function toSkin(value: unknown): Skin {
  return value === 2 || value === 3 ? value : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const { nonce, env } = context.get(cloudflareContext);
  const url = new URL(request.url);
  const headers = new Headers();
  if (url.searchParams.has("lng")) {
    headers.append("Set-Cookie", await localeCookie.serialize(locale));
  }
  const session = getSession(context);
  const flash = getToast(context);
  // Translated here: the key's namespace may not be among those embedded for the client.
  const toast = flash
    ? { type: flash.type, message: getInstance(context).t(flash.key) as string }
    : null;
  return data(
    {
      locale,
      nonce,
      skin: toSkin(session.get("skin")),
      signedIn: isSignedIn(session),
      /** Offer to save the language chosen before sign-in, until answered. */
      languagePrompt: isSignedIn(session) && session.get("lang_prompt") === locale,
      toast,
      /** Off the production host: the marker banner and the "[TEST] " title prefix. */
      testEnvironment: url.hostname !== env.PRODUCTION_HOST,
      cookieBar: showCookieBar(request),
      /** `?checkout=success&t=…` as the API confirmed it (the URL alone proves nothing). */
      checkout: await loadConfirmedCheckout({ request, context }),
      /** False when card payments are off: pay buttons give way to the RF/18101 notice. */
      payments: paymentsAvailable(env),
    },
    { headers },
  );
}

export interface RouteHandle {
  /**
   * Translation namespaces the route renders; the root embeds them for hydration. An entry may
   * name one top-level part of a namespace ("auth.login"): the page then carries only that part,
   * and the rest loads when a page needs it (the sign-in page's first 14 KB). A function
   * chooses by the route's loader data (one route, two modes).
   */
  i18n?: readonly string[] | ((loaderData: unknown) => readonly string[]);
  /**
   * The page title as a full i18next key ("static:terms.title"). A loader may instead return a
   * ready `title` string. The root builds the document title once: "[TEST] Page | Suffix".
   * Routes should not export a `meta` title.
   */
  title?: string;
  /** Breadcrumb label key (full i18next key) for the signed-in layout's breadcrumb. */
  breadcrumb?: string;
}

function useNamespaces(): string[] {
  const matches = useMatches();
  const namespaces = new Set(["common"]);
  const checkoutNamespace = useCheckoutNamespace();
  if (checkoutNamespace) namespaces.add(checkoutNamespace);
  for (const match of matches) {
    const i18n = (match.handle as RouteHandle | undefined)?.i18n;
    const list = typeof i18n === "function" ? i18n(match.loaderData) : (i18n ?? []);
    for (const ns of list) namespaces.add(ns);
  }
  // A whole namespace makes its parts redundant.
  return [...namespaces].filter((entry) => {
    const dot = entry.indexOf(".");
    return dot < 0 || !namespaces.has(entry.slice(0, dot));
  });
}

/** The deepest route's title: a loader `title` string wins over a `handle.title` key. */
function usePageTitle(): string | null {
  const matches = useMatches();
  const error = useRouteError();
  const { t } = useTranslation();
  if (error) {
    return isRouteErrorResponse(error) && error.status === 404
      ? t("notFound.title")
      : t("error.title");
  }
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const loaderTitle = (match?.loaderData as { title?: unknown } | undefined)?.title;
    if (typeof loaderTitle === "string" && loaderTitle) return loaderTitle;
    const key = (match?.handle as RouteHandle | undefined)?.title;
    if (key) return t(key);
  }
  return null;
}

/**
 * The namespaces a page embeds for hydration, as the script's JSON. The bundles are static, so
 * the text is made once per language and namespace list (a 17 KB JSON.stringify per request
 * before); a list with a namespace not (yet) loaded is not remembered.
 */
const embeddedJson = new Map<string, Embedded>();

interface Embedded {
  json: string;
  /** The namespaces embedded in part ("auth" for "auth.login"), space-separated. */
  partial: string;
}

function embeddedResources(
  i18n: { getResourceBundle(lng: string, ns: string): unknown },
  lng: string,
  namespaces: readonly string[],
): Embedded {
  const id = `${lng}|${namespaces.join(",")}`;
  const known = embeddedJson.get(id);
  if (known !== undefined) return known;
  const bundle: Record<string, Record<string, unknown>> = {};
  const partial = new Set<string>();
  let complete = true;
  for (const entry of namespaces) {
    const { ns, part } = splitNamespace(entry);
    const resource = i18n.getResourceBundle(lng, ns) as Record<string, unknown> | undefined;
    if (!resource || (part !== undefined && resource[part] === undefined)) {
      complete = false;
    } else if (part === undefined) {
      bundle[ns] = resource;
    } else {
      partial.add(ns);
      (bundle[ns] ??= {})[part] = resource[part];
    }
  }
  const embedded = {
    json: JSON.stringify(bundle).replaceAll("<", "\\u003c"),
    partial: [...partial].join(" "),
  };
  if (complete && embeddedJson.size < 200) embeddedJson.set(id, embedded);
  return embedded;
}

/** "auth.login" → the namespace "auth" and its part "login"; "auth" → the whole namespace. */
function splitNamespace(entry: string): { ns: string; part: string | undefined } {
  const dot = entry.indexOf(".");
  return dot < 0
    ? { ns: entry, part: undefined }
    : { ns: entry.slice(0, dot), part: entry.slice(dot + 1) };
}

/**
 * In the browser, a page whose namespaces (or parts) are not all here waits for them (Suspense,
 * inside the navigation's transition), so that no key shows untranslated. The embedded first
 * page always has them; the server loads every namespace at start.
 */
function useNamespacesReady(
  i18n: {
    language: string;
    getResourceBundle(lng: string, ns: string): unknown;
    /** LiteI18n's (the browser's): the namespace is here only in part. */
    isPartial?(ns: string, lng: string): boolean;
    loadNamespaces(ns: string[], lng?: string): Promise<unknown>;
  },
  namespaces: readonly string[],
): void {
  if (typeof document === "undefined") return;
  // The language in use: a change of language loads its own namespaces (changeLanguage).
  const lng = i18n.language;
  const missing = new Set<string>();
  for (const entry of namespaces) {
    const { ns, part } = splitNamespace(entry);
    const resource = i18n.getResourceBundle(lng, ns) as Record<string, unknown> | undefined;
    const here =
      resource !== undefined &&
      (part === undefined ? !i18n.isPartial?.(ns, lng) : resource[part] !== undefined);
    if (!here) missing.add(ns);
  }
  if (missing.size === 0) return;
  const id = `${lng}|${[...missing].join(",")}`;
  let pending = namespaceLoads.get(id);
  if (!pending) {
    pending = i18n
      .loadNamespaces([...missing], lng)
      .then(
        () => undefined,
        () => {
          // The translations did not load (a failed request, offline): load the page as a
          // document instead, which carries its own. Until then the previous page stays.
          window.location.reload();
          return new Promise<void>(() => undefined);
        },
      )
      .finally(() => namespaceLoads.delete(id));
    namespaceLoads.set(id, pending);
  }
  throw pending;
}

const namespaceLoads = new Map<string, Promise<void>>();

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  const { t, i18n } = useTranslation();
  const lng = rootData?.locale ?? i18n.language ?? "el";
  const namespaces = useNamespaces();
  const pageTitle = usePageTitle();
  const embedded = embeddedResources(i18n, lng, namespaces);
  useNamespacesReady(i18n, namespaces);
  const testEnvironment = rootData?.testEnvironment ?? false;
  useEffect(() => {
    // A client-side navigation can change the language (sign-in applies the user's saved one,
    // a `?lng=` link): follow the server's choice; missing namespaces load from /locales.
    if (i18n.language !== lng) void i18n.changeLanguage(lng);
  }, [i18n, lng]);
  useEffect(() => {
    // Lets tests (and CSS, if ever needed) know the enhanced UI is live. In the Layout, not in
    // App, so that error pages (404, error boundary) are marked too.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const title = `${testEnvironment ? "[TEST] " : ""}${pageTitle ? `${pageTitle} | ` : ""}${t("siteSuffix")}`;
  return (
    <html lang={lng} data-skin={String(rootData?.skin ?? 1)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <Meta />
        {/* Stylesheets need no nonce; an empty one keeps server and client markup equal. Every
            stylesheet comes before the scripts (StylesFirstLinks). */}
        <StylesFirstLinks nonce="" />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("skipToContent")}
        </a>
        {testEnvironment ? (
          // A landmark of its own: all content sits in one (axe `region`).
          <aside className="test-banner" aria-label={t("testEnvironment")}>
            <p role="note">{t("testEnvironment")}</p>
          </aside>
        ) : null}
        {rootData?.languagePrompt ? <LanguagePrompt /> : null}
        {children}
        <CheckoutDialog />
        {rootData?.toast ? (
          <Toast type={rootData.toast.type} message={rootData.toast.message} />
        ) : null}
        <script
          id="i18n-resources"
          type="application/json"
          data-partial={embedded.partial || undefined}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: embedded.json }}
        />
        <ScrollRestoration nonce={rootData?.nonce} />
        <ScriptsAfterPaint nonce={rootData?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
