import { pageCache } from "../../.server/page-cache";
import { type SubmissionResult } from "@conform-to/react";
import {
  getFormProps,
  getInputProps,
  useForm,
  ErrorSummary,
  FieldErrors,
} from "../../components/form";
import type { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirectDocument, useNavigation } from "react-router";
import type { ApiMeter, ApiReceipt } from "../../../core/contract";
import { accountBalance } from "../../../core/balance";
import { getApi } from "../../.server/api";
import { requireShell } from "../../.server/shell";
import { lazyDialog } from "../../components/lazy-dialog";
import stylesHref from "../../components/checkout/payments.css?url";
import {
  formatAddress,
  formatAmount,
  formatDate,
  isElectricity,
  supplyNumber,
} from "../../domain/format";
import { payLinkCents } from "../../domain/bills";
import { createPaySchema } from "../../domain/payments";
import { amountInputValue, onTimeDiscount } from "../../domain/payment-rules";
import { parseAmount, toCents } from "../../../core/gateway";
import type { RouteHandle } from "../../root";
import { permissionError, requirePermission } from "../../.server/permission";
import type { Route } from "./+types/pay";
import { athensToday } from "../../../core/dates";
import { receipt as readReceipt, startOrder } from "../../.server/api/payments";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { TableHead } from "../../components/TableHead";
import { OverdueBadge } from "../../components/OverdueBadge";
import {
  PaymentsUnavailable,
  usePaymentsAvailable,
} from "../../components/checkout/PaymentsUnavailable";

const Receipt = lazyDialog(() =>
  import("../../components/checkout/Receipt").then((m) => m.Receipt),
);

/**
 * /b2b/pay: pay one supply (from the banner or the bills page: `?meter={id}`) or several
 * (the pay-several dialog: `?meters=1,2,3`) in one card payment. Amounts default to the total due
 * and must be > 0 and ≤ it (spec §5). Starting sends the customer to the gateway's hosted page;
 * the signed return lands back here with the checkout query (root dialog). `?receipt={t}` shows
 * the receipt of one of the customer's payments.
 */
export const handle: RouteHandle = {
  i18n: ["payments", "forms", "overview"],
  title: "payments:title",
  breadcrumb: "payments:title",
};

/** The GET only reads: a repeat view with unchanged data is served from the page cache. */
export const middleware: Route.MiddlewareFunction[] = [pageCache];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/**
 * Supplies that can be paid now: those that owe (core/balance.ts, the same the overview, the
 * pay-several dialog and the menu badge count), overdue first.
 */
function owing(meters: ApiMeter[], today: string) {
  return accountBalance(meters, today);
}

function idsFrom(url: URL): number[] {
  const raw = [url.searchParams.get("meters") ?? "", url.searchParams.get("meter") ?? ""].join(",");
  return raw
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  // Paying is managing a supply (#18): a `user` gets the not-permitted page, still signed in.
  requirePermission(shell.user, "manage_supply");
  const url = new URL(args.request.url);
  const today = athensToday(new Date());
  const balance = owing(shell.meters, today);
  const payable = balance.owing;
  const asked = idsFrom(url);
  // Ticked: the supplies asked for (else the selected one, when it owes) and every overdue one.
  const chosen = new Set([
    ...(asked.length > 0
      ? asked
      : payable.some((m) => m.id === shell.selectedMeter.id)
        ? [shell.selectedMeter.id]
        : []),
    ...balance.overdueIds,
  ]);
  // `amount` (euros, from a bill's "Pay this bill") pre-fills the one supply asked for; anything
  // unreadable, zero or above what is due falls back to the total due (the form checks again).
  const prefillFor = (m: ApiMeter) =>
    asked.length === 1 && m.id === asked[0]
      ? payLinkCents(url.searchParams.get("amount"), toCents(m.running_total))
      : null;
  const rows = payable.map((m) => ({
    id: m.id,
    kind: isElectricity(m) ? ("electricity" as const) : ("gas" as const),
    supplyNumber: supplyNumber(m),
    address: formatAddress(m),
    due: m.running_total,
    amount: (prefillFor(m) ?? toCents(m.running_total)) / 100,
    dueDate: m.last_invoice_due_date,
    overdue: balance.overdueIds.includes(m.id),
    status: m.status,
    discount: onTimeDiscount(m, today),
    selected: chosen.has(m.id),
  }));
  // Ticked first (overdue first among them, as core/balance.ts orders them): a chosen supply of a
  // 200-supply list must not hide at the bottom.
  rows.sort((a, b) => Number(b.selected) - Number(a.selected));

  let receipt: ApiReceipt | null = null;
  const reference = url.searchParams.get("receipt");
  if (reference && /^[A-Z0-9-]{3,40}$/.test(reference)) {
    const result = await readReceipt(getApi(args), reference);
    if (result.ok) receipt = result.data;
  }
  return data({ rows, receipt }, { headers: NO_STORE });
}

export async function action(args: Route.ActionArgs) {
  const shell = await requireShell(args);
  requirePermission(shell.user, "manage_supply");
  const payable = owing(shell.meters, athensToday(new Date())).owing;
  const dues = Object.fromEntries(payable.map((m) => [m.id, toCents(m.running_total)]));
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: createPaySchema(dues) });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const picked = submission.value.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.pay);
  const result = await startOrder(getApi(args), {
    items: picked.map(({ item }) => ({
      meter_id: item.meter_id,
      amount: (parseAmount(item.amount ?? "") ?? 0) / 100,
    })),
  });
  // The gateway is another site (here only conceptually): a full document navigation.
  if (result.ok) throw redirectDocument(result.data.redirect_url);
  // The API checks the balance again: map its item index back to the form's row.
  const match = result.field?.match(/^items\.(\d+)\./);
  const row = match ? picked[Number(match[1])] : undefined;
  if (row && (result.code === "validation" || result.code === "nothing_due")) {
    const message = result.code === "nothing_due" ? "payments:errors.nothingDue" : result.message;
    return data(
      {
        result: submission.reply({
          fieldErrors: { [`items[${row.index}].amount`]: [message ?? "validate.amount"] },
        }),
      },
      { status: 400 },
    );
  }
  // The API's refusal of the person's role (#18) says so; anything else could not start.
  const refused = permissionError(result);
  const key = result.code === "payments_unavailable" ? "common:paymentsUnavailable" : null;
  return data(
    { result: submission.reply({ formErrors: [refused ?? key ?? "payments:errors.start"] }) },
    { status: refused ? 403 : 400 },
  );
}

type Row = Awaited<ReturnType<typeof loader>>["data"]["rows"][number];

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["payments", "overview"]);
  const { rows, receipt } = loaderData;
  const payments = usePaymentsAvailable();
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      {receipt ? (
        <Receipt
          receipt={receipt}
          backTo="/b2b/pay"
          pdfHref={`/b2b/receipt-pdf/${encodeURIComponent(receipt.reference)}`}
        />
      ) : null}
      <section className="card">
        {rows.length === 0 ? (
          <p>{t("nothingDue")}</p>
        ) : !payments ? (
          <PaymentsUnavailable />
        ) : (
          <PayForm rows={rows} lastResult={actionData?.result} />
        )}
        <p className="pay-note">{t("within5days")}</p>
        <p>
          <a href="/payment-terms">{t("terms")}</a>
        </p>
      </section>
    </>
  );
}

function usePayForm(rows: Row[], lastResult: SubmissionResult<string[]> | undefined) {
  return useForm<z.input<ReturnType<typeof createPaySchema>>>({
    lastResult,
    defaultValue: {
      items: rows.map((r) => ({
        meter_id: String(r.id),
        pay: r.selected ? "on" : undefined,
        amount: amountInputValue(r.amount),
      })),
    },
  });
}

function PayForm({
  rows,
  lastResult,
}: {
  rows: Row[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["payments", "overview", "forms"]);
  const navigation = useNavigation();
  const [form, fields] = usePayForm(rows, lastResult);
  const items = fields.items.getFieldList();
  // What was posted back may be anything (a field sent twice arrives as a list): read it as text.
  const values = (form.value as { items?: unknown } | undefined)?.items;
  const text = (v: unknown): string =>
    typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "";
  const totalCents = rows.reduce((sum, row, i) => {
    const value: unknown = Array.isArray(values) ? values[i] : undefined;
    const posted = value && typeof value === "object" ? (value as Record<string, unknown>) : null;
    const selected = posted ? text(posted.pay) === "on" : row.selected;
    const amount = posted ? parseAmount(text(posted.amount)) : toCents(row.amount);
    return selected && amount ? sum + amount : sum;
  }, 0);
  return (
    <Form method="post" className="form pay-form" {...getFormProps(form)}>
      <p>{t("intro")}</p>
      <ErrorSummary form={form} ns={["payments", "overview", "forms", "common"]} />
      <div className="pay-table-wrap">
        <table className="table table--compact pay-table">
          <caption className="visually-hidden">{t("table.caption")}</caption>
          <TableHead
            columns={[
              { label: t("table.select") },
              { label: t("table.supply") },
              { label: t("table.dueDate") },
              { label: t("table.due"), num: true },
              { label: t("table.amount") },
            ]}
          />
          <tbody>
            {rows.map((row, i) => {
              const item = items[i]?.getFieldset();
              if (!item) return null;
              return <PayRow key={row.id} row={row} item={item} />;
            })}
          </tbody>
        </table>
      </div>
      <p className="pay-summary" aria-live="polite">
        <span>{t("total")}:</span> <strong>{formatAmount(totalCents / 100)}</strong>
      </p>
      <p className="muted">{t("secure")}</p>
      <div className="actions">
        <button type="submit" className="btn" disabled={navigation.state !== "idle"}>
          {t("submit")}
        </button>
      </div>
    </Form>
  );
}

type ItemFieldset = ReturnType<
  ReturnType<ReturnType<typeof usePayForm>[1]["items"]["getFieldList"]>[number]["getFieldset"]
>;

function PayRow({ row, item }: { row: Row; item: ItemFieldset }) {
  const { t } = useTranslation(["payments", "overview"]);
  const { key: payKey, ...payProps } = getInputProps(item.pay, { type: "checkbox" });
  const { key: amountKey, ...amountProps } = getInputProps(item.amount, { type: "text" });
  const { key: idKey, ...idProps } = getInputProps(item.meter_id, { type: "hidden" });
  return (
    <tr>
      <td data-label={t("table.select")}>
        <div className="check">
          <input key={idKey} {...idProps} />
          <input
            key={payKey}
            {...payProps}
            aria-label={t("selectSupply", { number: row.supplyNumber })}
          />
        </div>
      </td>
      <th scope="row">
        <span className="nowrap">
          {t(`overview:kind.${row.kind}`)} · {row.supplyNumber}
        </span>
        <br />
        <span className="muted">{row.address}</span>
        {row.discount ? (
          <>
            <br />
            <span className="table__sub">
              {t("discount", {
                percent: row.discount.percent,
                date: formatDate(row.discount.date),
              })}
            </span>
          </>
        ) : null}
      </th>
      <td data-label={t("table.dueDate")}>
        {formatDate(row.dueDate)}
        {row.overdue ? (
          <>
            {" "}
            <OverdueBadge />
          </>
        ) : null}
      </td>
      <td className="num" data-label={t("table.due")}>
        {formatAmount(row.due)}
      </td>
      <td data-label={t("table.amount")}>
        <div className="field">
          <label className="visually-hidden" htmlFor={item.amount.id}>
            {t("amountLabel", { number: row.supplyNumber })}
          </label>
          <input
            key={amountKey}
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            {...amountProps}
          />
          <FieldErrors id={item.amount.errorId} errors={item.amount.errors} />
        </div>
      </td>
    </tr>
  );
}
