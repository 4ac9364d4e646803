import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { cloudflareContext } from "../context";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/bench-hello";
import { isProduction } from "../../core/environment";

/**
 * /bench/hello: the benchmark's baseline (bench/README.md). The same Worker, middleware and
 * root layout as every page, but no data of its own, so `npm run bench` can compare the
 * overview's throughput with it. It shows nothing of anyone's, but a deployment has no use for
 * it: 404 unless ENVIRONMENT=development, like /dev/outbox (docs/decisions/0009).
 */
export const handle: RouteHandle = { i18n: ["bench"], title: "bench:hello.title" };

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  if (isProduction(env)) throw data(null, { status: 404 });
  return null;
}

export default function BenchHello() {
  const { t } = useTranslation("bench");
  return (
    <main id="main">
      <h1>{t("hello.title")}</h1>
      <p>{t("hello.body")}</p>
    </main>
  );
}
