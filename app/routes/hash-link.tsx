import { useTranslation } from "react-i18next";
import { data, href, Link, redirect } from "react-router";
import { verifyToken } from "../../api/lib/signing";
import { PublicLayout } from "../components/PublicLayout";
import { cloudflareContext } from "../context";
import { getInstance } from "../middleware/i18next";
import { getSession, isSignedIn } from "../middleware/session";
import type { Route } from "./+types/hash-link";

/**
 * Hash links sent by email/SMS: /all-smart/{hash}, /change-address/{hash}, /mymarket/{hash}
 * (/pay and /instant-bill have their own page, pay-link.tsx). The hash is an HMAC-signed, purpose-bound, expiring
 * token (api/lib/signing.ts); the purpose is the route id, so a /pay hash never opens /all-smart.
 * Until the flows behind them exist, a valid link leads to sign-in and then to the page that
 * serves it.
 */
export const handle = { i18n: ["auth"] };

const PURPOSES = ["all-smart", "change-address", "mymarket"] as const;
type Purpose = (typeof PURPOSES)[number];

const DESTINATION: Record<Purpose, string> = {
  "all-smart": href("/b2b/paroxes"),
  "change-address": href("/b2b/paroxes"),
  mymarket: href("/b2b/paroxes"),
};

function purposeOf(url: URL): Purpose | null {
  const first = url.pathname.split("/")[1] ?? "";
  return (PURPOSES as readonly string[]).includes(first) ? (first as Purpose) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const purpose = purposeOf(new URL(request.url));
  if (!params.hash || !purpose) throw redirect("/");
  const { env } = context.get(cloudflareContext);
  const result = await verifyToken(env.LINK_SECRET, purpose, params.hash);
  if (result.ok) {
    if (isSignedIn(getSession(context))) throw redirect(DESTINATION[purpose]);
    throw redirect(
      `${href("/login")}?${new URLSearchParams({ redirectTo: DESTINATION[purpose] })}`,
    );
  }
  const t = getInstance(context).t;
  return data(
    { reason: result.reason, title: t("auth:hashLink.title") },
    { status: result.reason === "expired" ? 410 : 400 },
  );
}

export default function HashLink({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <PublicLayout narrow>
      <h1>{t("hashLink.title")}</h1>
      <div className="alert alert--error" role="alert">
        <p>{loaderData.reason === "expired" ? t("hashLink.expired") : t("hashLink.invalid")}</p>
      </div>
      <p>
        <Link to="/">{t("hashLink.home")}</Link>
      </p>
    </PublicLayout>
  );
}
