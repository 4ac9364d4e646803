import { data } from "react-router";
import { resources } from "../../locales";
import type { Route } from "./+types/locales";

/**
 * One translation file, locales/{lng}/{ns}.json, for the browser's i18n (app/i18n-client.ts).
 * Only the files that exist: `resources` is a plain object, so a bare lookup would also answer
 * for the names every object inherits ("/locales/en/constructor", "__proto__", "toString").
 */
function bundle(lng: string, ns: string) {
  if (!Object.hasOwn(resources, lng)) return undefined;
  const namespaces = resources[lng];
  if (!namespaces || !Object.hasOwn(namespaces, ns)) return undefined;
  return namespaces[ns];
}

export function loader({ params }: Route.LoaderArgs) {
  const found = bundle(params.lng, params.ns);
  if (!found) throw data({ error: "unknown locale" }, { status: 404 });
  return Response.json(found, {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" },
  });
}
