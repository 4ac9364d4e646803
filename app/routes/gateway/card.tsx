import { type SubmissionResult } from "@conform-to/react";
import {
  getFormProps,
  useForm,
  ErrorSummary,
  FieldErrors,
  SubmitButton,
  TextField,
} from "../../components/form";
import { CardTextField, ExpirySelect } from "../../components/direct-debit/CardFields";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, redirectDocument } from "react-router";
import type { ApiGatewaySession } from "../../../core/contract";
import { getApi } from "../../.server/api";
import stylesHref from "../../components/checkout/payments.css?url";
import { formatAmount } from "../../domain/format";
import { cardDigits } from "../../../core/gateway";
import { createCardSchema } from "../../domain/payments";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/card";
import { gatewaySession, NO_STORE } from "../../.server/gateway";
import { authorizeCard } from "../../.server/api/gateway";

/**
 * The hosted card page of the built-in test acquirer (design §4). Rendered by this Worker but
 * conceptually the acquirer's: it knows only the signed payment session, never the customer.
 * Works without JavaScript (a plain form post, server-side validation, redirects).
 */
export const handle: RouteHandle = { i18n: ["payments", "forms"], title: "payments:card.title" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function headers() {
  return NO_STORE;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await gatewaySession(args);
  if (!session)
    return data({ session: null, state: "invalid" as const }, { status: 400, headers: NO_STORE });
  if (session.state === "challenge") throw redirect(`/gateway/3ds/${args.params.token}`);
  return data({ session, state: session.state }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: createCardSchema() });
  const hide = { hideFields: ["number", "cvv"] };
  if (submission.status !== "success") {
    return data({ result: submission.reply(hide), done: false }, { status: 400 });
  }
  const card = submission.value;
  const result = await authorizeCard(getApi(args), args.params.token, {
    number: cardDigits(card.number),
    cvv: card.cvv.trim(),
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    holder: card.holder,
  });
  // A full document navigation: conceptually the acquirer hands the browser back to another site.
  if (result.ok) throw redirectDocument(result.data.url, { headers: NO_STORE });
  if (result.code === "validation" && result.field && result.message) {
    return data(
      {
        result: submission.reply({ ...hide, fieldErrors: { [result.field]: [result.message] } }),
        done: false,
      },
      { status: 400 },
    );
  }
  if (result.code === "payment_already_processed") {
    return data({ result: submission.reply(hide), done: true }, { status: 409 });
  }
  return data(
    { result: submission.reply({ ...hide, formErrors: ["payments:card.invalid"] }), done: false },
    { status: 400 },
  );
}

export function GatewayFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation("payments");
  return (
    <main id="main" tabIndex={-1} className="gateway">
      <div className="gateway__box">
        <p className="gateway__brand">
          <span className="gateway__lock" aria-hidden="true" />
          {t("card.acquirer")}
        </p>
        <p className="gateway__test" role="note">
          {t("card.testNotice")}
        </p>
        {children}
      </div>
    </main>
  );
}

export function PaymentFacts({ session }: { session: ApiGatewaySession }) {
  const { t } = useTranslation("payments");
  return (
    <dl className="pay-facts">
      <dt>{t("card.merchant")}</dt>
      <dd>{t("card.merchantName")}</dd>
      <dt>{t("card.description")}</dt>
      <dd>{session.description}</dd>
      <dt>{t("card.amount")}</dt>
      <dd>
        <strong>{formatAmount(session.amount)}</strong>
      </dd>
    </dl>
  );
}

/**
 * A gateway page that takes no card: the link is not valid (`session` null), or the payment was
 * already processed. It says so and leads back: home, or to the merchant's page the payment came
 * from (its cancel address without the query); `facts` shows what the payment was.
 */
export function GatewayRefusal({
  title,
  session,
  facts = false,
  home = false,
}: {
  title: string;
  session: ApiGatewaySession | null;
  facts?: boolean;
  /** Without a session: a link home (the card page has one, the 3-D Secure page none). */
  home?: boolean;
}) {
  const { t } = useTranslation("payments");
  const back = session ? session.cancel_url.split("?")[0] : home ? "/" : null;
  return (
    <GatewayFrame>
      <h1>{title}</h1>
      {session && facts ? <PaymentFacts session={session} /> : null}
      <div className="alert alert--error" role="alert">
        <p>{t(session ? "card.done" : "card.invalid")}</p>
      </div>
      {back ? (
        <a className="btn btn--secondary" href={back}>
          {t("card.back")}
        </a>
      ) : null}
    </GatewayFrame>
  );
}

export default function CardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { session } = loaderData;
  if (!session) return <GatewayRefusal title={t("card.title")} session={null} home />;
  if (loaderData.state === "done" || actionData?.done) {
    return <GatewayRefusal title={t("card.title")} session={session} facts />;
  }
  return (
    <GatewayFrame>
      <h1>{t("card.title")}</h1>
      <PaymentFacts session={session} />
      {session.sca_required ? <p className="muted">{t("card.sca")}</p> : null}
      <CardForm session={session} lastResult={actionData?.result} />
    </GatewayFrame>
  );
}

function CardForm({
  session,
  lastResult,
}: {
  session: ApiGatewaySession;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["payments", "forms"]);
  const [form, fields] = useForm<z.input<ReturnType<typeof createCardSchema>>>({
    lastResult,
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <ErrorSummary
        form={form}
        ns={["payments", "forms", "common"]}
        labelKey={{ number: "card.number", cvv: "card.cvv", holder: "card.holder" }}
      />
      <CardTextField meta={fields.number} ns="payments" />
      <fieldset className="gateway__expiry" aria-describedby={fields.exp_month.errorId}>
        <legend>{t("card.expiry")}</legend>
        <ExpirySelect meta={fields.exp_month} part="month" ns="payments" />
        <ExpirySelect meta={fields.exp_year} part="year" ns="payments" />
      </fieldset>
      <FieldErrors id={fields.exp_month.errorId} errors={fields.exp_month.errors} />
      <FieldErrors id={fields.exp_year.errorId} errors={fields.exp_year.errors} />
      <CardTextField meta={fields.cvv} ns="payments" />
      <TextField meta={fields.holder} label={t("card.holder")} autoComplete="cc-name" />
      <div className="actions">
        <SubmitButton className="btn btn--block">
          {t("card.pay", { amount: formatAmount(session.amount) })}
        </SubmitButton>
        <a className="btn btn--secondary btn--block" href={session.cancel_url}>
          {t("card.cancel")}
        </a>
      </div>
    </Form>
  );
}
