import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { cloudflareContext } from "./context";
import { getInstance, getLocale, i18nextMiddleware, localeCookie } from "./middleware/i18next";
import stylesHref from "./styles/app.css?url";

export const middleware = [i18nextMiddleware];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const { nonce } = context.get(cloudflareContext);
  const headers = new Headers();
  if (new URL(request.url).searchParams.has("lng")) {
    headers.append("Set-Cookie", await localeCookie.serialize(locale));
  }
  return data({ locale, nonce }, { headers });
}

export interface RouteHandle {
  /** Translation namespaces the route renders; the root embeds them for hydration. */
  i18n?: string[];
}

function useNamespaces(): string[] {
  const matches = useMatches();
  const namespaces = new Set(["common"]);
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    for (const ns of handle?.i18n ?? []) namespaces.add(ns);
  }
  return [...namespaces];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const lng = rootData?.locale ?? i18n.language ?? "el";
  const namespaces = useNamespaces();
  const bundle: Record<string, unknown> = {};
  for (const ns of namespaces) {
    const resource = i18n.getResourceBundle(lng, ns) as unknown;
    if (resource) bundle[ns] = resource;
  }
  return (
    <html lang={lng} data-skin="1">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <script
          id="i18n-resources"
          type="application/json"
          nonce={rootData?.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: JSON.stringify(bundle).replaceAll("<", "\\u003c") }}
        />
        <ScrollRestoration nonce={rootData?.nonce} />
        <Scripts nonce={rootData?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="error-page">
      <h1>{notFound ? t("notFound.title") : t("error.title")}</h1>
      <p>{notFound ? t("notFound.body") : t("error.body")}</p>
      {import.meta.env.DEV && error instanceof Error ? <pre>{error.stack}</pre> : null}
      <a href="/">{t("notFound.home")}</a>
    </main>
  );
}


