import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect, redirectDocument } from "react-router";
import { getApi } from "../.server/api";
import { logout, redirectLogin } from "../.server/api/auth";
import { completeSignIn } from "../.server/auth";
import { serviceUnavailable } from "../.server/guards";
import { PublicLayout } from "../components/PublicLayout";
import { OVERVIEW_PATH } from "../domain/guards";
import { getInstance } from "../middleware/i18next";
import { getSession, isSignedIn } from "../middleware/session";
import type { Route } from "./+types/redirect-login";
import { currentUser, redirectLoginPreview } from "../.server/api/users";

/**
 * /redirect-login/{token}: sign-in from another NRG channel (e.g. the mobile app) without the
 * password, with a single-use, 5-minute token of purpose "redirect-login".
 *
 * The GET only asks: "Continue as {name}", a real POST form (works without JavaScript). It never
 * spends the token and never touches the session; only the POST does, and a POST must come from
 * our own pages (the Worker refuses a foreign Origin). Otherwise a link to an attacker's own
 * token, opened cross-site (an <img>, a redirect, a link in a mail), would silently replace the
 * victim's session with the attacker's account: login CSRF.
 *
 * The question is asked even when nobody is signed in, as a careful bank would: being signed in
 * to someone else's account without noticing is the same attack on a signed-out browser (what
 * the person then types, card or contact details, goes to the attacker's account), and mail
 * scanners and link previews that fetch every link would otherwise spend the token before the
 * person ever clicks. One extra click on a link that is only ever used once is a small price.
 *
 * Signed in as someone else: the page says so, and "cancel" keeps that session. Signed in as the
 * same person: nothing to do, a link to the account. The answer is never cached and never sent
 * on as a Referer (the token is in the URL).
 */
export const handle = { i18n: ["auth", "forms"] };

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export function headers() {
  return NO_STORE;
}

/** The token is not valid (unknown, used, expired, account not usable): as before, to /login. */
function refuse(args: Route.LoaderArgs | Route.ActionArgs): never {
  getSession(args.context).flash("notice", {
    type: "error",
    key: "auth:notice.redirectLoginFailed",
  });
  throw redirect(href("/login"), { headers: NO_STORE });
}

export async function loader(args: Route.LoaderArgs) {
  const token = args.params.token;
  if (!token) throw redirect("/");
  const api = getApi(args);
  const preview = await redirectLoginPreview(api, token);
  if (!preview.ok) {
    // The API could not answer: the link may well be good, so say "try again", not "invalid".
    if (preview.status === 0 || preview.status >= 500) throw serviceUnavailable();
    refuse(args);
  }
  // Who is signed in now, if anyone: read softly, a dead session simply counts as nobody.
  let current: { id: number; name: string } | null = null;
  if (isSignedIn(getSession(args.context))) {
    const me = await currentUser(api);
    if (me.ok) current = { id: me.data.id, name: me.data.welcome_name };
  }
  return data(
    {
      title: getInstance(args.context).t("auth:redirectLogin.title"),
      name: preview.data.name,
      current: current?.name ?? null,
      sameUser: current?.id === preview.data.user_id,
    },
    { headers: NO_STORE },
  );
}

export async function action(args: Route.ActionArgs) {
  const token = args.params.token;
  if (!token) throw redirect("/");
  const api = getApi(args);
  const session = getSession(args.context);
  // The token is spent first: if it is refused, the session in place stays as it was.
  const result = await redirectLogin(api, token);
  if (!result.ok) {
    if (result.status === 0 || result.status >= 500) throw serviceUnavailable();
    refuse(args);
  }
  // Replacing a live session: end it in the API too, so its tokens cannot be used again.
  if (isSignedIn(session)) await logout(api);
  const outcome = await completeSignIn(args, result.data, OVERVIEW_PATH);
  if (!outcome.ok) {
    session.flash("notice", { type: "error", key: outcome.error });
    throw redirect(href("/login"), { headers: NO_STORE });
  }
  // A whole new document: nothing of the previous account stays in the page's memory.
  outcome.headers.set("Cache-Control", "no-store");
  throw redirectDocument(outcome.redirectTo, { headers: outcome.headers });
}

export default function RedirectLogin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { name, current, sameUser } = loaderData;
  if (sameUser) {
    return (
      <PublicLayout narrow>
        <h1>{t("redirectLogin.heading")}</h1>
        <p>{t("redirectLogin.same", { name })}</p>
        <p>
          <Link className="btn" to={OVERVIEW_PATH}>
            {t("redirectLogin.toAccount")}
          </Link>
        </p>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout narrow>
      <h1>{t("redirectLogin.heading")}</h1>
      <p>{t("redirectLogin.intro")}</p>
      <p>{t("redirectLogin.warning")}</p>
      {current ? (
        <div className="alert alert--warning" role="status">
          <p>{t("redirectLogin.signedInAs", { current })}</p>
        </div>
      ) : null}
      {/* reloadDocument: the switch replaces the whole session, so the next page loads afresh. */}
      <Form method="post" reloadDocument>
        <div className="actions">
          <button type="submit" className="btn">
            {t("redirectLogin.continue", { name })}
          </button>
          {current ? (
            <Link to={OVERVIEW_PATH}>{t("redirectLogin.stay", { current })}</Link>
          ) : (
            <Link to={href("/login")}>{t("redirectLogin.notYou")}</Link>
          )}
        </div>
      </Form>
    </PublicLayout>
  );
}
