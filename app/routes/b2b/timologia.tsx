import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { LinesTable } from "../../components/LinesTable";
import { TableRegion } from "../../components/TableRegion";
import { data, Form, href, redirect } from "react-router";
import type { ApiProduct, ApiTariffs } from "../../../core/contract";
import type { ProductCost, TariffLine, UsageMonth } from "../../../core/tariff-compare";
import { isDynamicProduct, switchRefusal } from "../../../core/tariff-switch";
import { TariffColourMark } from "../../components/TariffColourMark";
import type { TariffColour } from "../../../core/tariff-colours";
import { fileTariffSwitch, meterTariffs } from "../../.server/api/tariffs";
import { requireActiveUser } from "../../.server/guards";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { permissionError, requirePermission } from "../../.server/permission";
import { getApi, requireShell } from "../../.server/shell";
import { TitledCard } from "../../components/TitledCard";
import { WhoCan } from "../../components/WhoCan";
import {
  ErrorSummary,
  FieldErrors,
  getFormProps,
  getInputProps,
  SubmitButton,
  useForm,
  type SubmissionResult,
} from "../../components/form";
import stylesHref from "../../components/tariffs/tariffs.css?url";
import {
  formatCents,
  formatDecimal,
  formatForecastKwh,
  formatRate,
  formatShare,
} from "../../domain/forecast-view";
import { formatDate, supplyNumber } from "../../domain/format";
import { switchFailure, tariffSwitchFormSchema } from "../../domain/tariffs";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/timologia";

export const handle: RouteHandle = {
  // The colours' names are in common (core/tariff-colours.ts TARIFF_COLOURS_NS), on every page.
  i18n: ["tariffs", "forms"],
  title: "tariffs:title",
  breadcrumb: "tariffs:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/** The regulator's comparison tool (Directive (EU) 2019/944 Art. 14: an independent one). */
const REGULATOR_TOOL = "https://www.energycost.gr/";

type Refusal = ProductCost["switchRefusal"] | "open";

/** One product as the page shows it: its terms, and whether (or why not) it can be switched to. */
export interface ProductView {
  name: string;
  descr: string;
  colour: TariffColour | null;
  product: ApiProduct;
  current: boolean;
  refusal: Refusal;
}

/**
 * Tariffs priced on the customer's own usage (#37 §3) for the selected supply: the supplier's
 * products for its kind with their terms, its last 12 months and each product's yearly cost on
 * them (every figure opens to its lines), and "Switch to this tariff", a request of the requests
 * flow whose confirmation step (`?switch=<product>`) shows the terms to accept. The API decides
 * everything again when the switch is filed; the page only leaves out what it would refuse.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  const tariffs = await meterTariffs(getApi(args), shell.user.id, meter.id);
  const asked = new URL(args.request.url).searchParams.get("switch");
  const products = tariffs ? productViews(tariffs) : [];
  const confirm = asked ? (products.find((p) => p.name === asked) ?? null) : null;
  return data(
    {
      supply: supplyNumber(meter),
      meterId: meter.id,
      tariffs,
      products,
      // A product the list lacks is answered as the API would: not offered for this supply.
      confirm: asked ? { asked, product: confirm } : null,
      managers: shell.user.managers,
    },
    { headers: NO_STORE },
  );
}

/** The switch's refusal of each product, as the comparison gives it (or the same rule without). */
function productViews(tariffs: ApiTariffs): ProductView[] {
  const costs = tariffs.comparison.kind === "comparison" ? tariffs.comparison.products : [];
  return tariffs.products.map((product) => {
    const cost = costs.find((c) => c.name === product.name);
    const refusal =
      cost?.switchRefusal ??
      switchRefusal({
        product: product.name,
        current: tariffs.current,
        dynamic: isDynamicProduct(product),
        account: tariffs.account,
      });
    const current = product.name === tariffs.current;
    return {
      name: product.name,
      descr: product.descr,
      colour: product.colour,
      product,
      current,
      // One open switch per supply: the others wait for it (the API refuses a second).
      refusal: refusal ?? (tariffs.openSwitch ? "open" : null),
    };
  });
}

interface ActionData {
  result?: SubmissionResult<string[]>;
}

/** The switch, filed: without JavaScript and with it alike, a plain POST of the confirmation. */
export async function action(args: Route.ActionArgs) {
  const { api, user } = await requireActiveUser(args);
  // A contract is the master's or an admin's to change (#18); a user gets the 403 page.
  requirePermission(user, "manage_supply");
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return data<ActionData>({}, { status: 400, headers: NO_STORE });
  }
  const submission = parseWithZod(formData, { schema: tariffSwitchFormSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  }
  const { meter_id, product } = submission.value;
  const saved = await fileTariffSwitch(api, { meter_id, product, accept_terms: true });
  if (saved.ok) {
    getSession(args.context).flash("toast", { type: "success", key: "requests:sent.toast" });
    throw redirect(
      `${href("/b2b/aitimata/:requestId", { requestId: String(saved.data.id) })}?sent=1`,
      303,
    );
  }
  const refused = permissionError(saved);
  const failure = refused ? { form: refused } : switchFailure(saved);
  const status = saved.status >= 500 || saved.status === 0 ? 502 : 400;
  const reply =
    "form" in failure
      ? submission.reply({ formErrors: [failure.form] })
      : submission.reply({ fieldErrors: { [failure.field]: [failure.message] } });
  return data<ActionData>({ result: reply }, { status, headers: NO_STORE });
}

export default function Tariffs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tariffs");
  const { tariffs, supply, products, confirm, managers, meterId } = loaderData;
  return (
    <div className="tariffs">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      {tariffs === null ? (
        <p className="alert alert--info">{t("notActive", { supply })}</p>
      ) : (
        <>
          <p>{t("intro", { supply, kind: t(`kind.${tariffs.division}_${tariffs.segment}`) })}</p>
          {actionData?.result && !(confirm?.product && !confirm.product.refusal) ? (
            <PostRefused actionData={actionData} />
          ) : null}
          {confirm ? (
            <Confirm
              asked={confirm.asked}
              product={confirm.product}
              supply={supply}
              meterId={meterId}
              actionData={actionData}
            />
          ) : null}
          {tariffs.openSwitch ? (
            <p className="alert alert--info">
              {t("openSwitch", {
                reference: tariffs.openSwitch.reference,
                product:
                  products.find((p) => p.name === tariffs.openSwitch?.product)?.descr ??
                  tariffs.openSwitch.product,
              })}{" "}
              <a href={href("/b2b/aitimata")}>{t("openSwitchLink")}</a>
            </p>
          ) : null}
          {tariffs.account.role === "user" ? (
            <div className="alert alert--info">
              <p>{t("userNote")}</p>
              <WhoCan topic="requests" managers={managers} />
            </div>
          ) : null}
          {tariffs.comparison.kind === "comparison" ? (
            <Compared comparison={tariffs.comparison} products={products} />
          ) : (
            <NotCompared comparison={tariffs.comparison} />
          )}
          <ProductTerms products={products} withSwitch={tariffs.comparison.kind !== "comparison"} />
          <p className="tariffs-regulator">
            {t("regulator.own")}{" "}
            <a href={REGULATOR_TOOL} rel="noopener noreferrer" target="_blank">
              {t("regulator.link")}
            </a>
          </p>
        </>
      )}
      <p>
        <a href={href("/b2b/episkopisi")}>{t("back")}</a>
      </p>
    </div>
  );
}

/** A standing charge in € a month: two decimals, more only when the price list has them. */
const formatMonthly = (euros: number) => `${formatDecimal(euros, 2, 4)}\u00a0€`;

/** "2026-01" → "01/2026", as the portal writes dates (day-less). */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

function SwitchAction({ view }: { view: ProductView }) {
  const { t } = useTranslation("tariffs");
  if (view.refusal === "current") return null;
  if (view.refusal)
    return <p className="tariff-refusal muted">{t(`switch.refusal.${view.refusal}`)}</p>;
  return (
    <a
      className="btn btn--secondary"
      href={`${href("/b2b/timologia")}?switch=${encodeURIComponent(view.name)}#switch`}
    >
      {t("switch.button")}
      <span className="visually-hidden">: {view.descr}</span>
    </a>
  );
}

function Compared({
  comparison,
  products,
}: {
  comparison: Extract<ApiTariffs["comparison"], { kind: "comparison" }>;
  products: ProductView[];
}) {
  const { t } = useTranslation("tariffs");
  return (
    <>
      <TitledCard id="tariffs-ranking" title={t("ranking.title")}>
        <p>{t("ranking.intro")}</p>
        {comparison.current.pricedFrom === "last_bill" ? (
          <>
            <p>{t("ranking.lastBill", { amount: formatCents(comparison.current.cents) })}</p>
            <Lines
              lines={comparison.current.lines}
              summary={t("ranking.lastBillLines", {
                amount: formatCents(comparison.current.cents),
              })}
              caption={t("ranking.linesCaption", { product: comparison.current.name ?? "-" })}
              total={comparison.current.cents}
              id="tariff-lines-current"
            />
          </>
        ) : null}
        <ol className="tariff-list">
          {comparison.products.map((cost, index) => {
            const view = products.find((p) => p.name === cost.name);
            return (
              <li key={cost.name} className="tariff-item" data-testid={`tariff-${cost.name}`}>
                <div className="tariff-item__head">
                  <h3 className="tariff-item__name">
                    <span className="visually-hidden">{index + 1}. </span>
                    {cost.descr}
                  </h3>
                  <TariffColourMark colour={cost.colour} />
                  {cost.current ? (
                    <span className="badge badge--success">{t("ranking.yours")}</span>
                  ) : null}
                </div>
                <dl className="tariff-item__figures">
                  <div>
                    <dt>{t("ranking.yearly")}</dt>
                    <dd className="tariff-item__amount">{formatCents(cost.cents)}</dd>
                  </div>
                  <div>
                    <dt>{t("ranking.difference")}</dt>
                    <dd>
                      {cost.differenceCents === 0
                        ? t("ranking.same")
                        : t(cost.differenceCents < 0 ? "ranking.cheaper" : "ranking.dearer", {
                            amount: formatCents(Math.abs(cost.differenceCents)),
                          })}
                    </dd>
                  </div>
                </dl>
                <Lines
                  lines={cost.lines}
                  summary={t("ranking.lines", { amount: formatCents(cost.cents) })}
                  caption={t("ranking.linesCaption", { product: cost.descr })}
                  total={cost.cents}
                  id={`tariff-lines-${cost.name}`}
                />
                {cost.dynamic ? <p className="muted">{t("ranking.dynamic")}</p> : null}
                {cost.missingMonths.length > 0 ? (
                  <p className="muted">
                    {t("ranking.missingMonths", {
                      months: cost.missingMonths.map(monthLabel).join(", "),
                    })}
                  </p>
                ) : null}
                {cost.discountsNotApplied.map((d) => (
                  <p key={d.condition} className="muted">
                    {t("ranking.notApplied", {
                      condition: t(`conditions.${d.condition}`),
                      percent: formatDecimal(d.percent, 0, 2),
                    })}
                  </p>
                ))}
                {view ? <SwitchAction view={view} /> : null}
              </li>
            );
          })}
        </ol>
        <p className="muted">
          {t("ranking.shared", { amount: formatCents(comparison.shared.cents) })}
        </p>
        {comparison.assumesOnTime ? <p className="muted">{t("ranking.onTime")}</p> : null}
      </TitledCard>
      {/* The money first; the months it is worked out on after it. */}
      <Usage months={comparison.months} window={comparison.window} kwh={comparison.kwh} />
    </>
  );
}

function Usage({
  months,
  window,
  kwh,
}: {
  months: UsageMonth[];
  window: { from: string; to: string };
  kwh: { day: number; night: number };
}) {
  const { t } = useTranslation("tariffs");
  const hasNight = kwh.night > 0 || months.some((m) => m.nightKwh > 0);
  const estimated = months.some((m) => m.estimatedDays > 0);
  // Where a month's kWh come from, only when some month is not simply its bills'.
  const withSource = months.some((m) => m.kwhFrom !== "bills");
  // One decimal: a month's kWh read at a glance (the lines below price them to the Wh).
  const kwhText = (value: number) => formatDecimal(value, 1, 1);
  return (
    <TitledCard id="tariffs-usage" title={t("usage.title")}>
      <p>{t("usage.intro", { from: formatDate(window.from), to: formatDate(window.to) })}</p>
      <TableRegion id="tariffs-usage" caption={t("usage.caption")} className="table table--compact">
        <thead>
          <tr>
            <th scope="col">{t("usage.month")}</th>
            {hasNight ? (
              <>
                <th scope="col" className="num">
                  {t("usage.day")}
                </th>
                <th scope="col" className="num">
                  {t("usage.night")}
                </th>
              </>
            ) : (
              <th scope="col" className="num">
                {t("usage.kwh")}
              </th>
            )}
            <th scope="col" className="num">
              {t("usage.estimated")}
            </th>
            {withSource ? <th scope="col">{t("usage.basis")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              {hasNight ? (
                <>
                  <td className="num" data-label={t("usage.day")}>
                    {kwhText(m.dayKwh)}
                  </td>
                  <td className="num" data-label={t("usage.night")}>
                    {kwhText(m.nightKwh)}
                  </td>
                </>
              ) : (
                <td className="num" data-label={t("usage.kwh")}>
                  {kwhText(m.dayKwh + m.nightKwh)}
                </td>
              )}
              <td className="num" data-label={t("usage.estimated")}>
                {m.estimatedDays > 0 ? <strong>{m.estimatedDays}</strong> : 0}
              </td>
              {withSource ? (
                <td data-label={t("usage.basis")}>
                  {t(`usage.from.${m.kwhFrom}`, { days: m.coveredDays })}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("usage.total")}</th>
            {hasNight ? (
              <>
                <td className="num" data-label={t("usage.day")}>
                  {kwhText(kwh.day)}
                </td>
                <td className="num" data-label={t("usage.night")}>
                  {kwhText(kwh.night)}
                </td>
              </>
            ) : (
              <td className="num" data-label={t("usage.kwh")}>
                {kwhText(kwh.day + kwh.night)}
              </td>
            )}
            <td />
            {withSource ? <td /> : null}
          </tr>
        </tfoot>
      </TableRegion>
      {estimated ? <p className="muted">{t("usage.estimates")}</p> : null}
    </TitledCard>
  );
}

/** A figure opened to its lines: a <details> (no JavaScript needed) holding a table of them. */
function Lines({
  lines,
  summary,
  caption,
  total,
  id,
}: {
  lines: TariffLine[];
  summary: string;
  caption: string;
  total: number;
  id: string;
}) {
  const { t } = useTranslation("tariffs");
  return (
    <details className="tariff-lines">
      <summary>{summary}</summary>
      <LinesTable
        id={id}
        caption={caption}
        className="tariff-lines__table"
        howClassName="tariff-lines__how"
        labels={{
          line: t("ranking.line"),
          amount: t("ranking.amount"),
          how: t("ranking.how"),
          total: t("ranking.total"),
        }}
        lines={lines.map((line) => ({
          key: line.key,
          label:
            line.key === "discount"
              ? t("lines.discount", { condition: t(`conditions.${line.basis.condition}`) })
              : t(`lines.${line.key}`),
          cents: line.cents,
          how: <LineBasis line={line} />,
        }))}
        totalCents={total}
      />
    </details>
  );
}

function LineBasis({ line }: { line: TariffLine }) {
  const { t } = useTranslation("tariffs");
  const part = (register: string, kwh: number, rate: number, many: boolean) =>
    t(
      register === "night"
        ? "basis.usageNight"
        : register === "day" && many
          ? "basis.usageDay"
          : "basis.usage",
      { kwh: formatForecastKwh(kwh), rate: formatRate(rate) },
    );
  switch (line.key) {
    case "standing":
      return <>{t("basis.standing", { perMonth: formatMonthly(line.basis.perMonth) })}</>;
    case "energy": {
      const basis = line.basis;
      if (basis.pricing === "last_bill") {
        return (
          <>
            {t("basis.lastBill", {
              kwh: formatForecastKwh(basis.kwh),
              rate: formatRate(basis.perKwh),
            })}
          </>
        );
      }
      if (basis.pricing === "flat") {
        const many = basis.usage.length > 1;
        const text = basis.usage.map((u) => part(u.register, u.kwh, u.rate, many)).join(" + ");
        return <>{basis.nightAtDayRate ? `${text} (${t("basis.nightAtDayRate")})` : text}</>;
      }
      const byMonth = new Map<string, typeof basis.usage>();
      for (const u of basis.usage) byMonth.set(u.month, [...(byMonth.get(u.month) ?? []), u]);
      return (
        <ul className="tariff-months">
          {[...byMonth].map(([month, parts]) => (
            <li key={month}>
              {t("basis.month", {
                month: monthLabel(month),
                parts: parts
                  .map((u) => part(u.register, u.kwh, u.rate, parts.length > 1))
                  .join(" + "),
              })}
              {parts.some((u) => !u.fromMonthly) ? ` ${t("basis.monthCurrent")}` : ""}
            </li>
          ))}
        </ul>
      );
    }
    case "discount":
      return (
        <>
          {t("basis.discount", {
            percent: formatDecimal(line.basis.percent, 0, 2),
            energy: formatCents(line.basis.energyCents),
          })}
          {line.basis.assumed ? `, ${t("basis.assumed")}` : ""}
        </>
      );
    case "regulated":
      return (
        <>
          {t("basis.regulated", {
            kwh: formatForecastKwh(line.basis.kwh),
            rate: formatRate(line.basis.perKwh),
          })}
        </>
      );
    case "municipality":
      return (
        <>
          {t("basis.municipality", {
            days: line.basis.days,
            perDay: formatRate(line.basis.perDay),
          })}
        </>
      );
    case "taxes":
      return (
        <>
          {t("basis.taxes", {
            percent: formatShare(line.basis.share),
            base: formatCents(line.basis.baseCents),
          })}
        </>
      );
  }
}

function NotCompared({
  comparison,
}: {
  comparison: Extract<ApiTariffs["comparison"], { kind: "none" }>;
}) {
  const { t } = useTranslation("tariffs");
  const missing = comparison.months.filter((m) => m.coveredDays < m.days);
  return (
    <TitledCard id="tariffs-none" title={t("ranking.title")}>
      <p className="alert alert--info" data-testid="tariffs-none">
        {t(`none.${comparison.reason}`, { count: comparison.historyMonths })}
      </p>
      {missing.length > 0 ? (
        <p>{t("none.missing", { months: missing.map((m) => monthLabel(m.month)).join(", ") })}</p>
      ) : null}
      {comparison.months.length > 0 ? (
        <TableRegion id="tariffs-none" caption={t("none.caption")} className="table table--compact">
          <thead>
            <tr>
              <th scope="col">{t("usage.month")}</th>
              <th scope="col" className="num">
                {t("none.covered")}
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td className="num">
                  {m.coveredDays} / {m.days}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      ) : null}
      <p>{t("none.products")}</p>
    </TitledCard>
  );
}

/** A product's prices as its price list states them. */
function Prices({ product }: { product: ApiProduct }) {
  const { t } = useTranslation("tariffs");
  if (product.division === "gas") {
    return (
      <>
        {t("products.single", { rate: formatRate(product.prices.perKwh) })}
        {product.prices.variable ? ` (${t("products.variable")})` : ""}
      </>
    );
  }
  const prices = product.prices;
  return (
    <>
      {prices.monthly ? <span className="tariff-price">{t("products.monthly")}</span> : null}
      {prices.night === undefined ? (
        <span className="tariff-price">
          {t("products.single", { rate: formatRate(prices.day) })}
        </span>
      ) : (
        <>
          <span className="tariff-price">
            {t("products.day", { rate: formatRate(prices.day) })}
          </span>
          <span className="tariff-price">
            {t("products.night", { rate: formatRate(prices.night) })}
          </span>
        </>
      )}
      {prices.variable ? <span className="tariff-price">({t("products.variable")})</span> : null}
    </>
  );
}

function Discounts({ product }: { product: ApiProduct }) {
  const { t } = useTranslation("tariffs");
  const discounts = product.division === "electricity" ? (product.prices.discounts ?? []) : [];
  if (discounts.length === 0) return <>{t("products.noDiscounts")}</>;
  return (
    <>
      {discounts.map((d) => (
        <span key={d.condition} className="tariff-price">
          {t("products.discount", {
            percent: formatDecimal(d.percent, 0, 2),
            condition: t(`conditions.${d.condition}`),
          })}
        </span>
      ))}
    </>
  );
}

/** The month the product's prices were published, or the portal's current list for a stand-in. */
function Published({ product }: { product: ApiProduct }) {
  const { t } = useTranslation("tariffs");
  return (
    <>
      {product.valid_from
        ? t("products.publishedMonth", { month: monthLabel(product.valid_from.slice(0, 7)) })
        : t("products.portal")}
    </>
  );
}

function ProductTerms({ products, withSwitch }: { products: ProductView[]; withSwitch: boolean }) {
  const { t } = useTranslation("tariffs");
  return (
    <TitledCard id="tariffs-products" title={t("products.title")}>
      <TableRegion
        id="tariffs-products"
        caption={t("products.caption")}
        className="table table--stack"
      >
        <thead>
          <tr>
            <th scope="col">{t("products.product")}</th>
            <th scope="col">{t("products.colour")}</th>
            <th scope="col">{t("products.standing")}</th>
            <th scope="col">{t("products.price")}</th>
            <th scope="col">{t("products.discounts")}</th>
            <th scope="col">{t("products.published")}</th>
            {withSwitch ? <th scope="col">{t("products.switch")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {products.map((view) => (
            <tr key={view.name}>
              <th scope="row">
                {view.descr}
                {view.current ? (
                  <>
                    {" "}
                    <span className="badge badge--success">{t("ranking.yours")}</span>
                  </>
                ) : null}
              </th>
              <td data-label={t("products.colour")}>
                {view.colour ? <TariffColourMark colour={view.colour} label="none" /> : "-"}
              </td>
              <td data-label={t("products.standing")} className="nowrap">
                {t("products.perMonth", {
                  amount: formatMonthly(view.product.prices.standingPerMonth),
                })}
              </td>
              <td data-label={t("products.price")}>
                {/* One block: a stacked row's cell is a flex row of its label and its value. */}
                <span className="tariff-prices">
                  <Prices product={view.product} />
                </span>
              </td>
              <td data-label={t("products.discounts")}>
                <span className="tariff-prices">
                  <Discounts product={view.product} />
                </span>
              </td>
              <td data-label={t("products.published")}>
                <Published product={view.product} />
              </td>
              {withSwitch ? (
                <td data-label={t("products.switch")}>
                  <SwitchAction view={view} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </TableRegion>
    </TitledCard>
  );
}

/**
 * A post refused where the confirmation form is not shown (its product was not offered, or the
 * post came without `?switch=`): the error summary alone, so the answer is never a silent 400.
 */
function PostRefused({ actionData }: { actionData: ActionData }) {
  const [form] = useForm<SwitchFields>({ lastResult: actionData.result });
  return (
    <ErrorSummary
      form={form}
      ns={["tariffs", "forms", "common"]}
      labelKey={(name) => `fields.${name}`}
    />
  );
}

interface SwitchFields {
  meter_id: string;
  product: string;
  accept_terms: string;
}

/** The confirmation step: the product's terms, the required acceptance, the POST that files it. */
function Confirm({
  asked,
  product,
  supply,
  meterId,
  actionData,
}: {
  asked: string;
  product: ProductView | null;
  supply: string;
  meterId: number;
  actionData: ActionData | undefined;
}) {
  const { t } = useTranslation(["tariffs", "forms"]);
  const [form, fields] = useForm<SwitchFields>({
    lastResult: actionData?.result,
    defaultValue: { meter_id: String(meterId), product: asked },
  });
  if (!product || product.refusal) {
    return (
      <section id="switch" className="card" aria-labelledby="switch-title">
        <h2 id="switch-title" className="card__title">
          {t("switch.confirm.title", { product: product?.descr ?? asked })}
        </h2>
        <p className="alert alert--warning">
          {t("switch.confirm.refused", {
            reason: product
              ? t(
                  product.refusal === "open"
                    ? "errors.open_tariff_switch"
                    : `errors.${product.refusal}`,
                )
              : t("errors.unknown_product"),
          })}
        </p>
        <p>
          <a href={href("/b2b/timologia")}>{t("switch.confirm.cancel")}</a>
        </p>
      </section>
    );
  }
  const { key: acceptKey, ...acceptProps } = getInputProps(fields.accept_terms, {
    type: "checkbox",
  });
  const { key: meterKey, ...meterProps } = getInputProps(fields.meter_id, { type: "hidden" });
  const { key: productKey, ...productProps } = getInputProps(fields.product, { type: "hidden" });
  const discounts =
    product.product.division === "electricity" ? (product.product.prices.discounts ?? []) : [];
  return (
    <section id="switch" className="card tariff-confirm" aria-labelledby="switch-title">
      <h2 id="switch-title" className="card__title">
        {t("switch.confirm.title", { product: product.descr })}
      </h2>
      <p>{t("switch.confirm.intro", { supply })}</p>
      <Form
        method="post"
        action={`${href("/b2b/timologia")}?switch=${encodeURIComponent(product.name)}`}
        className="form"
        {...getFormProps(form)}
      >
        <ErrorSummary
          form={form}
          ns={["tariffs", "forms", "common"]}
          labelKey={(name) => `fields.${name}`}
        />
        <h3>{t("switch.confirm.terms")}</h3>
        <dl className="facts">
          <dt>{t("products.colour")}</dt>
          <dd>
            {product.colour ? <TariffColourMark colour={product.colour} label="none" /> : "-"}
          </dd>
          <dt>{t("products.standing")}</dt>
          <dd>
            {t("products.perMonth", {
              amount: formatMonthly(product.product.prices.standingPerMonth),
            })}
          </dd>
          <dt>{t("products.price")}</dt>
          <dd>
            <Prices product={product.product} />
          </dd>
          <dt>{t("products.discounts")}</dt>
          <dd>
            {discounts.length > 0 ? (
              <Discounts product={product.product} />
            ) : (
              t("products.noDiscounts")
            )}
          </dd>
          <dt>{t("products.published")}</dt>
          <dd>
            <Published product={product.product} />
          </dd>
        </dl>
        <p>{t("switch.confirm.effect")}</p>
        <p>{t("switch.confirm.contract")}</p>
        <input key={meterKey} {...meterProps} />
        <input key={productKey} {...productProps} />
        <div className="field">
          <div className="check">
            <input key={acceptKey} {...acceptProps} />
            <label htmlFor={fields.accept_terms.id}>
              {t("switch.confirm.accept", { product: product.descr })}
            </label>
          </div>
          <FieldErrors
            id={fields.accept_terms.errorId}
            errors={fields.accept_terms.errors}
            ns={["tariffs", "forms"]}
          />
        </div>
        <div className="actions">
          <SubmitButton>{t("switch.confirm.submit")}</SubmitButton>
          <a className="btn btn--secondary" href={href("/b2b/timologia")}>
            {t("switch.confirm.cancel")}
          </a>
        </div>
      </Form>
    </section>
  );
}
