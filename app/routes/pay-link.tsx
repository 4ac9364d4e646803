import { type SubmissionResult } from "@conform-to/react";
import {
  getFormProps,
  getInputProps,
  getRadioProps,
  useForm,
  ErrorSummary,
  FieldErrors,
} from "../components/form";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirectDocument, useLocation, useNavigation } from "react-router";
import type { ApiReceipt } from "../../core/contract";
import { lazyDialog } from "../components/lazy-dialog";
import stylesHref from "../components/checkout/payments.css?url";
import { PublicLayout } from "../components/PublicLayout";
import { RfCode } from "../components/bills/RfCode";
import {
  PaymentsUnavailable,
  usePaymentsAvailable,
} from "../components/checkout/PaymentsUnavailable";
import { formatAmount, formatDate } from "../domain/format";
import { amountInputValue, onTimeDiscount } from "../domain/payment-rules";
import { parseAmount, toCents } from "../../core/gateway";
import { createPayLinkSchema } from "../domain/payments";
import { getInstance } from "../middleware/i18next";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/pay-link";
import { NO_STORE, rejectGoneLink, verifyLink } from "../.server/hash-links";
import { athensToday } from "../../core/dates";
import { payLink, payLinkReceipt, startPayLinkOrder } from "../.server/api/payments";

const Receipt = lazyDialog(() => import("../components/checkout/Receipt").then((m) => m.Receipt));

/**
 * /pay/{hash} and /instant-bill/{hash}: pay a supply's bill without signing in. The hash is an
 * HMAC-signed, purpose-bound, expiring link naming the supply (api/lib/signing.ts); a missing one
 * redirects to "/", an invalid, altered or expired one too, with a message (spec §2 hash check).
 * The page shows the total due and takes the total or another amount (> 0, ≤ total due) with
 * the consent checkbox (spec §5 Instant bill), then the same gateway as the portal.
 */
export const handle: RouteHandle = { i18n: ["payments", "forms", "bills.rf"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function headers() {
  return NO_STORE;
}

type Purpose = "pay" | "instant-bill";

function purposeOf(request: Request): Purpose {
  return new URL(request.url).pathname.startsWith("/instant-bill") ? "instant-bill" : "pay";
}

async function loadLink(args: Route.LoaderArgs | Route.ActionArgs) {
  const purpose = purposeOf(args.request);
  const { api, hash, link } = await verifyLink(
    args,
    "payments",
    (api, hash) => payLink(api, purpose, hash),
    (status) => (status >= 500 ? 502 : status),
  );
  return { api, purpose, hash, link };
}

export async function loader(args: Route.LoaderArgs) {
  const { api, purpose, hash, link } = await loadLink(args);
  const reference = new URL(args.request.url).searchParams.get("receipt");
  let receipt: ApiReceipt | null = null;
  if (reference && /^[A-Z0-9-]{3,40}$/.test(reference)) {
    const result = await payLinkReceipt(api, purpose, hash, reference);
    if (result.ok) receipt = result.data;
  }
  const t = getInstance(args.context).t;
  return data(
    {
      purpose,
      link,
      receipt,
      discount: onTimeDiscount(link, athensToday(new Date())),
      title: t(purpose === "pay" ? "payments:link.payTitle" : "payments:link.instantTitle"),
    },
    { headers: NO_STORE },
  );
}

export async function action(args: Route.ActionArgs) {
  const { api, purpose, hash, link } = await loadLink(args);
  const due = toCents(link.running_total);
  const submission = parseWithZod(await args.request.formData(), {
    schema: createPayLinkSchema(due),
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const cents =
    submission.value.choice === "total" ? due : (parseAmount(submission.value.amount ?? "") ?? 0);
  const result = await startPayLinkOrder(api, purpose, hash, {
    amount: cents / 100,
    consent: true,
  });
  // The gateway is another site (here only conceptually): a full document navigation.
  if (result.ok) throw redirectDocument(result.data.redirect_url);
  rejectGoneLink(args.context, "payments", result);
  if (result.code === "validation" && result.field?.endsWith("amount") && result.message) {
    return data(
      { result: submission.reply({ fieldErrors: { amount: [result.message] } }) },
      { status: 400 },
    );
  }
  const key =
    result.code === "nothing_due"
      ? "payments:errors.nothingDue"
      : result.code === "payments_unavailable"
        ? "common:paymentsUnavailable"
        : "payments:errors.start";
  return data({ result: submission.reply({ formErrors: [key] }) }, { status: 400 });
}

export default function PayLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const { link, receipt, discount, title } = loaderData;
  const { pathname } = useLocation();
  const due = toCents(link.running_total);
  const payments = usePaymentsAvailable();
  return (
    <PublicLayout narrow>
      <h1>{title}</h1>
      {receipt ? <Receipt receipt={receipt} backTo={pathname} /> : null}
      <section className="card">
        <p>{t("link.intro")}</p>
        <dl className="pay-facts">
          <dt>{t("link.holder")}</dt>
          <dd>{link.holder}</dd>
          <dt>{t("link.supply")}</dt>
          <dd>{link.supply_number}</dd>
          <dt>{t("link.address")}</dt>
          <dd>{link.address}</dd>
          <dt>{t("link.tariff")}</dt>
          <dd>{link.package_print_descr}</dd>
          <dt>{t("link.dueDate")}</dt>
          <dd>{formatDate(link.last_invoice_due_date)}</dd>
          <dt>{t("link.totalDue")}</dt>
          <dd>
            <strong>{formatAmount(link.running_total)}</strong>
          </dd>
          {/* The way to pay that needs no card (#34): e-banking with the latest bill's code. */}
          {due > 0 && link.rf_code ? (
            <>
              <dt>{t("bills:rf.label")}</dt>
              <dd>
                <RfCode code={link.rf_code} id="pay-link-rf-code" />
              </dd>
            </>
          ) : null}
        </dl>
        {discount ? (
          <p className="pay-note">
            {t("discount", { percent: discount.percent, date: formatDate(discount.date) })}
          </p>
        ) : null}
        {due > 0 && !payments ? (
          <PaymentsUnavailable />
        ) : due > 0 ? (
          <PayLinkForm due={link.running_total} lastResult={actionData?.result} />
        ) : (
          <div className="alert alert--success" role="status">
            <p>{t("link.nothingDue")}</p>
          </div>
        )}
        <p className="pay-note">{t("within5days")}</p>
      </section>
    </PublicLayout>
  );
}

function PayLinkForm({
  due,
  lastResult,
}: {
  due: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["payments", "forms"]);
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<ReturnType<typeof createPayLinkSchema>>>({
    lastResult,
    defaultValue: { choice: "total", amount: amountInputValue(due) },
  });
  const total = getRadioProps(fields.choice, "total");
  const other = getRadioProps(fields.choice, "other");
  const { key: amountKey, ...amountProps } = getInputProps(fields.amount, { type: "text" });
  const { key: consentKey, ...consentProps } = getInputProps(fields.consent, { type: "checkbox" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} ns={["payments", "forms", "common"]} />
      <fieldset className="pay-choice">
        <legend>{t("link.choice")}</legend>
        <div className="check">
          <input key={total.key} {...total.props} />
          <label htmlFor={total.props.id}>
            {t("link.payTotal", { amount: formatAmount(due) })}
          </label>
        </div>
        <div className="check">
          <input key={other.key} {...other.props} />
          <label htmlFor={other.props.id}>{t("link.payOther")}</label>
        </div>
        <FieldErrors id={fields.choice.errorId} errors={fields.choice.errors} />
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={fields.amount.id}>
          {t("link.otherAmount")}
        </label>
        <input key={amountKey} className="field__input" inputMode="decimal" {...amountProps} />
        <FieldErrors id={fields.amount.errorId} errors={fields.amount.errors} />
      </div>
      <div className="field">
        <div className="check">
          <input key={consentKey} {...consentProps} />
          <label htmlFor={fields.consent.id}>
            {t("link.consent")} (<a href="/payment-terms">{t("terms")}</a>)
          </label>
        </div>
        <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>
      <p className="muted">{t("secure")}</p>
      <div className="actions">
        <button type="submit" className="btn" disabled={navigation.state !== "idle"}>
          {t("submit")}
        </button>
      </div>
    </Form>
  );
}
