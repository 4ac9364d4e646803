import { data } from "react-router";
import { resources } from "../../locales";
import type { Route } from "./+types/locales";

export function loader({ params }: Route.LoaderArgs) {
  const bundle = resources[params.lng]?.[params.ns];
  if (!bundle) throw data({ error: "unknown locale" }, { status: 404 });
  return Response.json(bundle, {
    headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=86400" },
  });
}
