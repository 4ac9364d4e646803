import type { ApiProduct, ApiTariffs } from "../../core/contract";
import type { ElectricityPrices, GasPrices, ProductSegment } from "../../core/products";
import { compareTariffs, type AccountFacts, type CurrentProduct } from "../../core/tariff-compare";
import { standInColour } from "../../core/products";
import { asTariffColour } from "../../core/tariff-colours";
import { switchProblem } from "../../core/tariff-switch";
import { OPEN_STATUSES } from "../../core/requests/rules";
import { can } from "../../core/permissions";
import { logError } from "../../workers/log";
import type { Db } from "../db";
import {
  forecastStatements,
  supplyPrices,
  toForecastBill,
  toForecastReadings,
  type ForecastBillRow,
  type ForecastProductRow,
  type ForecastReadingRow,
} from "../forecast/service";
import { mergeProducts, type ProductRow } from "../products/service";
import { badRequest, notFound } from "../lib/errors";
import { personOf, ownMeterSummary, type PersonScope } from "../services/customers";
import { createRequest, type MeterRow } from "../requests/service";
import type { ApiRequest } from "../../core/contract";

/**
 * Tariffs priced on the supply's own usage (#37 §3) as the API answers them: the supplier's
 * products for the supply's kind (its division, and business for a professional supply, else
 * home), the account's facts the discounts and the switch depend on, the supply's bills and
 * readings as the forecast reads them (the same statements: the two pages never disagree about a
 * month) and its open switch, in one D1 batch, priced by core/tariff-compare.ts.
 *
 * A smart meter: `meters.smart_meter` (0035), which the back-office customers feed sets; a
 * dynamic (orange) product is offered for a switch only with one.
 */

/** The supply's facts: its kind, its product, e-bill, direct debit, the account's kind. */
const FACTS_SQL = `SELECT m."meter_type" AS "meter_type", m."division" AS "division",
    m."package_name" AS "package_name", m."ebill" AS "ebill",
    EXISTS (SELECT 1 FROM "direct_debits" d WHERE d."meter_id" = m."id") AS "direct_debit",
    m."smart_meter" AS "smart_meter", c."is_legal_person" AS "is_legal_person"
  FROM "meters" m JOIN "customers" c ON c."id" = m."customer_id"
  WHERE m."id" = ?`;

const PRODUCTS_SQL = `SELECT "name", "descr", "division", "tariff_colour", "segment", "prices", "valid_from"
  FROM "products" ORDER BY "name"`;

const OPEN_SWITCH_SQL = `SELECT "reference", "payload" FROM "requests"
  WHERE "meter_id" = ? AND "kind" = 'tariff_switch'
    AND "status" IN (${OPEN_STATUSES.map((s) => `'${s}'`).join(", ")})
  ORDER BY "id" DESC LIMIT 1`;

interface FactsRow {
  meter_type: string;
  division: number;
  package_name: string;
  ebill: number;
  direct_debit: number;
  smart_meter: number;
  is_legal_person: number;
}

interface OpenSwitchRow {
  reference: string;
  payload: string;
}

/** What the comparison and the switch need of the supply, beyond its bills. */
interface SupplyContext {
  division: "electricity" | "gas";
  segment: ProductSegment;
  current: string;
  account: AccountFacts;
  products: ApiProduct[];
}

function contextOf(
  facts: FactsRow,
  productRows: readonly ProductRow[],
  person: PersonScope,
): SupplyContext {
  const division = facts.division === 1 ? "electricity" : "gas";
  const segment: ProductSegment = facts.meter_type === "professional" ? "business" : "home";
  const products = mergeProducts(productRows, (row) => {
    // As GET /products: logged, not answered (one unreadable row must not hide the others).
    logError(new Error(`products row ${row.name}: prices do not parse`), {
      id: "-",
      route: "tariffs",
      where: "products",
    });
  }).filter((p) => p.division === division && p.segment === segment);
  return {
    division,
    segment,
    current: facts.package_name,
    account: {
      // A household's master or admin decides its contract; its relatives (a user, a viewer: #38
      // §4) are refused as a business account's users are.
      role:
        facts.is_legal_person === 1 || !can(person.role, "manage_supply")
          ? (person.role ?? "user")
          : "household",
      smartMeter: facts.smart_meter === 1,
      eBill: facts.ebill === 1,
      directDebit: facts.direct_debit === 1,
    },
    products,
  };
}

const rowsOf = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];

function openSwitchOf(row: OpenSwitchRow | undefined): ApiTariffs["openSwitch"] {
  if (!row) return null;
  let product = "";
  try {
    const payload = JSON.parse(row.payload) as { product?: unknown };
    if (typeof payload.product === "string") product = payload.product;
  } catch {
    // A payload that is not JSON still blocks a second switch; it just names no product.
  }
  return { reference: row.reference, product };
}

/** The comparison of one supply from the batch's answers (exported for the integration test). */
export function tariffsFrom(
  context: SupplyContext,
  bills: readonly ForecastBillRow[],
  product: ForecastProductRow | undefined,
  readings: readonly ForecastReadingRow[],
  today: string,
): ApiTariffs["comparison"] {
  const prices = supplyPrices(product);
  const colourOf = (name: string) => {
    const listed = context.products.find((p) => p.name === name);
    return listed ? asTariffColour(listed.colour) : standInColour(name);
  };
  const common = { today, bills: bills.map(toForecastBill), account: context.account };
  if (prices.division === "electricity") {
    const current: CurrentProduct<ElectricityPrices> = {
      name: context.current,
      colour: colourOf(context.current),
      prices: prices.tariff,
    };
    return compareTariffs({
      ...common,
      readings: toForecastReadings(readings),
      division: "electricity",
      current,
      products: context.products.flatMap((p) => (p.division === "electricity" ? [p] : [])),
    });
  }
  const current: CurrentProduct<GasPrices> = { name: context.current, prices: prices.tariff };
  return compareTariffs({
    ...common,
    // Gas meters' readings are not the portal's (spec §9), as in the forecast.
    readings: [],
    division: "gas",
    current,
    products: context.products.flatMap((p) => (p.division === "gas" ? [p] : [])),
  });
}

/**
 * The tariffs of one of the caller's supplies: 404 for another's (or a missing one), null for a
 * supply that is not Active (it has no next billing period to switch in, as it has no forecast).
 */
export async function meterTariffs(
  db: Db,
  userId: number,
  meterId: number,
  today: string,
): Promise<ApiTariffs | null> {
  const person = await personOf(db, userId);
  const meter = await ownMeterSummary(db, person, meterId);
  if (!meter) throw notFound();
  if (meter.status !== "Active") return null;
  const [bills, product, readings, facts, productRows, open] = await db.$client.batch([
    ...forecastStatements(db, meter.id, today),
    db.$client.prepare(FACTS_SQL).bind(meter.id),
    db.$client.prepare(PRODUCTS_SQL),
    db.$client.prepare(OPEN_SWITCH_SQL).bind(meter.id),
  ]);
  const factsRow = rowsOf<FactsRow>(facts)[0];
  if (!factsRow) throw notFound();
  const context = contextOf(factsRow, rowsOf<ProductRow>(productRows), person);
  return {
    division: context.division,
    segment: context.segment,
    current: context.current,
    account: context.account,
    products: context.products,
    openSwitch: openSwitchOf(rowsOf<OpenSwitchRow>(open)[0]),
    comparison: tariffsFrom(
      context,
      rowsOf<ForecastBillRow>(bills),
      rowsOf<ForecastProductRow>(product)[0],
      rowsOf<ForecastReadingRow>(readings),
      today,
    ),
  };
}

/**
 * Files a switch of one of the caller's supplies to `productName` (POST /requests/tariff-switch):
 * every rule again on the server, whatever the page showed: the supply the caller's (404), the
 * product one of the supply's kind (unknown_product), not the current one, the person a business
 * account's master or admin (business_user; the route's permit refuses a user before this), a
 * dynamic product only with a smart meter; then the requests flow's own (Active, one open).
 */
export async function fileTariffSwitch(
  db: Db,
  input: { userId: number; meter: MeterRow; product: string; ip: string },
): Promise<ApiRequest> {
  const person = await personOf(db, input.userId);
  const [facts, productRows] = await db.$client.batch([
    db.$client.prepare(FACTS_SQL).bind(input.meter.id),
    db.$client.prepare(PRODUCTS_SQL),
  ]);
  const factsRow = rowsOf<FactsRow>(facts)[0];
  if (!factsRow) throw notFound();
  const context = contextOf(factsRow, rowsOf<ProductRow>(productRows), person);
  const checked = switchProblem(context.products, {
    product: input.product,
    current: context.current,
    account: context.account,
  });
  if (checked.problem !== null) {
    throw badRequest("request_not_allowed", "product", checked.problem);
  }
  const chosen = checked.product;
  return createRequest(db, {
    userId: input.userId,
    kind: "tariff_switch",
    meter: input.meter,
    // What the operator needs to make the change, and the terms as the customer accepted them.
    fields: {
      product: chosen.name,
      product_descr: chosen.descr,
      from_product: context.current,
      prices: JSON.stringify(chosen.prices),
      valid_from: chosen.valid_from ?? "",
      terms_accepted: "yes",
    },
    file: null,
    ip: input.ip,
  });
}
