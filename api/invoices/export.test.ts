import { describe, expect, it } from "vitest";
import type { ApiInvoice, ApiReading } from "../../core/contract";
import {
  buildExport,
  CSV_COLUMNS,
  csvField,
  csvRow,
  exportFileName,
  registerOf,
  toCsv,
} from "./export";

describe("csvField (RFC 4180 escaping)", () => {
  it("leaves plain values alone and writes numbers and empties plainly", () => {
    expect(csvField("abc")).toBe("abc");
    expect(csvField("Πατησίων 10")).toBe("Πατησίων 10");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(-40)).toBe("-40");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("quotes commas, quotes, line breaks and edge spaces, doubling quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it("defuses spreadsheet formulas in text but not negative numbers", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+30")).toBe("'+30");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-cmd")).toBe("'-cmd");
    expect(csvField("-12.50")).toBe("-12.50");
  });

  it("joins a row", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"');
  });
});

const bill = (over: Partial<ApiInvoice>): ApiInvoice => ({
  id: 1,
  meter_id: 1,
  type: "Advance",
  invoice_no: "N1",
  issue_date: "2026-01-01",
  date_due: "2026-01-21",
  period_from: null,
  period_to: null,
  consumption_from: null,
  consumption_to: null,
  payment_date: null,
  ypoloipo: 0,
  total_value: 10,
  total: 10,
  remaining: 10,
  energy: 10,
  regulated: 0,
  municipality: 0,
  taxes: 0,
  collateral: 0,
  advance: 0,
  day_kwh: 0,
  night_kwh: 0,
  pv_kwh: 0,
  consumption_source: "actual",
  business_partner: "BP",
  contract_account: "CA",
  mark: null,
  rf_code: null,
  tariff_colour: "blue",
  ...over,
});
const reading = (over: Partial<ApiReading>): ApiReading => ({
  id: 1,
  meter_id: 1,
  date_ins: "2026-01-01",
  cp_code: "10",
  origin: 1,
  value: 1000,
  registeredBy: "operator",
  source: "operator",
  created_at: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("buildExport / toCsv", () => {
  const data = buildExport({
    now: new Date("2026-11-22T10:00:00Z"),
    customer: { afm: "100000003", name: "Γεώργιος" },
    supplies: [
      { id: 1, supply_number: "112345678013", division: 1, status: "Active", address: "Οδός, 1" },
    ],
    invoices: [
      bill({
        id: 1,
        mark: "400000000594038",
        rf_code: "RF18539007547034",
        consumption_source: "estimated",
      }),
      bill({
        id: 2,
        type: "payment",
        invoice_no: "TX-9",
        total_value: -25.5,
        payment_date: "2026-01-10",
        consumption_source: null,
      }),
    ],
    readings: [
      reading({ id: 5 }),
      reading({ id: 6, cp_code: "12", value: 300, source: "estimated" }),
    ],
  });

  it("splits bills and payments, names the supply, classifies registers", () => {
    expect(data.invoices.map((i) => i.id)).toEqual([1]);
    expect(data.payments).toEqual([
      {
        id: 2,
        meter_id: 1,
        supply_number: "112345678013",
        transaction_number: "TX-9",
        date: "2026-01-10",
        amount: 25.5,
      },
    ]);
    expect(data.readings.map((r) => r.register)).toEqual(["day", "night"]);
    expect(registerOf("99")).toBe("other");
  });

  it("writes one CSV with a BOM, CRLF lines and the same column count on every row", () => {
    const csv = toCsv(data);
    expect(csv.startsWith("\uFEFFrecord,supply_number,")).toBe(true);
    const lines = csv.slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1 + 1 + 1 + 2);
    for (const line of lines) expect(line.split(",")).toHaveLength(CSV_COLUMNS.length);
    expect(lines[1]).toMatch(/^invoice,112345678013,1,1,Advance,N1,2026-01-01,2026-01-21,/);
    expect(lines[2]).toMatch(/^payment,112345678013,1,2,payment,TX-9,2026-01-10,/);
    expect(lines[2]?.split(",")[14]).toBe("-25.5");
    // The bill's myDATA MARK in its own column; a payment's is empty.
    const markAt = CSV_COLUMNS.indexOf("mark");
    expect(lines[1]?.split(",")[markAt]).toBe("400000000594038");
    expect(lines[2]?.split(",")[markAt]).toBe("");
    // The RF payment code (#34), as the bills list gives it.
    const rfAt = CSV_COLUMNS.indexOf("rf_code");
    expect(lines[1]?.split(",")[rfAt]).toBe("RF18539007547034");
    // The colour the bill was issued under (#37 §3), by name; a payment has none.
    const colourAt = CSV_COLUMNS.indexOf("tariff_colour");
    expect(lines[1]?.split(",")[colourAt]).toBe("blue");
    expect(lines[2]?.split(",")[colourAt]).toBe("");
    expect(lines[4]?.split(",").slice(-7)).toEqual([
      "2026-01-01",
      "night",
      "12",
      "1",
      "operator",
      "estimated",
      "300",
    ]);
  });

  it("says each figure's source: the bill's consumption and the reading's (issue #20)", () => {
    const lines = toCsv(data).slice(1).split("\r\n").filter(Boolean);
    const cell = (line: string | undefined, column: (typeof CSV_COLUMNS)[number]) =>
      line?.split(",")[CSV_COLUMNS.indexOf(column)];
    expect(cell(lines[1], "consumption_source")).toBe("estimated");
    expect(cell(lines[2], "consumption_source")).toBe("");
    expect(cell(lines[3], "reading_source")).toBe("operator");
    expect(cell(lines[4], "reading_source")).toBe("estimated");
    expect(cell(lines[1], "reading_source")).toBe("");
    expect(data.invoices[0]?.consumption_source).toBe("estimated");
    expect(data.readings.map((r) => r.source)).toEqual(["operator", "estimated"]);
  });

  it("names files by supply or 'all' and date", () => {
    const now = new Date("2026-11-22T10:00:00Z");
    expect(exportFileName("112345678013", now, "csv")).toBe("nrg-data-112345678013-2026-11-22.csv");
    expect(exportFileName("all", now, "json")).toBe("nrg-data-all-2026-11-22.json");
    // The Athens day: at 23:30 UTC it is already the 23rd in Athens.
    expect(exportFileName("all", new Date("2026-11-22T23:30:00Z"), "csv")).toBe(
      "nrg-data-all-2026-11-23.csv",
    );
    expect(exportFileName('"; x', now, "json")).toBe("nrg-data-x-2026-11-22.json");
  });
});
