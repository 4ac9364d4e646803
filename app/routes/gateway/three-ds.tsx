import { useTranslation } from "react-i18next";
import { data, Form, redirect, redirectDocument } from "react-router";
import { SubmitButton } from "../../components/form";
import { PlainField } from "../../components/form/PlainField";
import { getApi } from "../../.server/api";
import stylesHref from "../../components/checkout/payments.css?url";
import { formatAmount } from "../../domain/format";
import { threeDsSchema } from "../../domain/payments";
import type { RouteHandle } from "../../root";
import { GatewayFrame, GatewayRefusal, PaymentFacts } from "./card";
import type { Route } from "./+types/three-ds";
import { gatewaySession, NO_STORE } from "../../.server/gateway";
import { answerChallenge } from "../../.server/api/gateway";

/**
 * The test issuer's 3-D Secure step (strong customer authentication): a one-time code, or cancel.
 * Asked for amounts above 30 € and for the 3-D Secure test card.
 */
export const handle: RouteHandle = { i18n: ["payments", "forms"], title: "payments:threeds.title" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function headers() {
  return NO_STORE;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await gatewaySession(args);
  if (!session) return data({ session: null }, { status: 400, headers: NO_STORE });
  if (session.state === "open") throw redirect(`/gateway/pay/${args.params.token}`);
  return data({ session }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await args.request.formData());
  const parsed = threeDsSchema.safeParse(form);
  if (!parsed.success) return data({ done: false }, { status: 400 });
  const result = await answerChallenge(getApi(args), args.params.token, {
    action: parsed.data.intent,
    code: parsed.data.code ?? "",
  });
  // A full document navigation: conceptually the acquirer hands the browser back to another site.
  if (result.ok) throw redirectDocument(result.data.url, { headers: NO_STORE });
  return data({ done: true }, { status: 409 });
}

export default function ThreeDs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { session } = loaderData;
  if (!session) return <GatewayRefusal title={t("threeds.title")} session={null} />;
  if (session.state === "done" || actionData?.done) {
    return <GatewayRefusal title={t("threeds.title")} session={session} />;
  }
  return (
    <GatewayFrame>
      <h1>{t("threeds.title")}</h1>
      <p className="muted">{t("threeds.bank")}</p>
      <PaymentFacts session={session} />
      <p>{t("threeds.intro", { amount: formatAmount(session.amount) })}</p>
      <Form method="post" className="form">
        <PlainField id="threeds-code" label={t("threeds.code")} hint={t("threeds.codeHint")}>
          <input
            id="threeds-code"
            name="code"
            className="field__input"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-describedby="threeds-code-hint"
            maxLength={12}
          />
        </PlainField>
        <div className="actions">
          <SubmitButton name="intent" value="confirm" className="btn btn--block">
            {t("threeds.confirm")}
          </SubmitButton>
          <SubmitButton name="intent" value="cancel" className="btn btn--secondary btn--block">
            {t("threeds.cancel")}
          </SubmitButton>
        </div>
      </Form>
    </GatewayFrame>
  );
}
