/**
 * The API's serialisers against the contract's schemas (core/contract/). Responses are not
 * parsed at run time, so this is what keeps the schemas and the real answers together: every
 * row of the demo data, turned into an answer by the same functions the routes use, must be
 * accepted by the schema of that answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  apiAccountSchema,
  apiBannerSchema,
  apiInvoiceSchema,
  apiMessageSchema,
  apiMeterSchema,
  apiMeterSummarySchema,
  apiReadingSchema,
  apiShellReadsSchema,
  apiUserSchema,
} from "../../core/contract";
import { userStatusFromMeters } from "../../core/meter-status";
import { toApiReading } from "../readings/routes";
import { toApiBanner } from "./shell-reads";
import { toApiInvoice, toApiMessage, toApiMeter, toApiMeterSummary, toApiUser } from "./serialize";
import { generateSeed, type Seed } from "../../seed/generate";

type Serialised<F extends (...args: never[]) => unknown> = Parameters<F>[0];
type UserRow = Serialised<typeof toApiUser>;
type CustomerRow = Parameters<typeof toApiUser>[1];

let seed: Seed;
beforeAll(async () => {
  seed = await generateSeed({ today: "2026-11-25" });
});

/** The first failing row's issues, so a drift names the field. */
function expectAll<S extends z.ZodType>(schema: S, values: readonly unknown[]) {
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) {
    const result = schema.safeParse(value);
    if (!result.success) {
      expect({ value, issues: result.error.issues }).toBeUndefined();
    }
  }
}

/** Columns the database fills with defaults that the seed leaves out. */
const userRow = (row: Seed["tables"]["users"][number], extra: Partial<UserRow> = {}) =>
  ({
    avatar_key: null,
    avatar_name: null,
    avatar_type: null,
    popup_dismissed_at: null,
    deactivated_at: null,
    ...row,
    ...extra,
  }) as UserRow;

describe("the contract accepts what the API serialises", () => {
  it("users, with and without avatar, pop-up and role, private and legal persons", () => {
    const customers = new Map(seed.tables.customers.map((c) => [c.id, c as CustomerRow]));
    const answers = seed.tables.users.flatMap((row) => {
      const customer = customers.get(row.customer_id);
      if (!customer) return [];
      const status = userStatusFromMeters(
        seed.tables.meters.filter((m) => m.customer_id === customer.id),
      );
      // loadApiUser adds who does what the person may not (#35 §5).
      return [
        { ...toApiUser(userRow(row), customer, status), managers: [], trusted_copies_for: null },
        {
          ...toApiUser(
            userRow(row, {
              avatar_key: "avatars/1/x.png",
              avatar_name: "avatar-x.png",
              popup_title: "Title",
              popup_body: "Body",
              popup_button_title: "OK",
              popup_url: "/b2b/pay",
              test_role: "admin",
            }),
            customer,
            status,
          ),
          managers: [{ name: "Μαρία Κωνσταντίνου", role: "master" as const }],
          trusted_copies_for: null,
        },
      ];
    });
    expectAll(apiUserSchema, answers);
    expect(answers.some((u) => u.is_legal_person === 1 && u.employee_name !== null)).toBe(true);
    expect(answers.some((u) => u.avatar !== null && u.popup !== null)).toBe(true);
  });

  it("invoices of every type, supplies in full, with history and as summaries", () => {
    type MeterRow = Parameters<typeof toApiMeter>[0];
    type InvoiceRow = Parameters<typeof toApiInvoice>[0];
    const invoices = seed.tables.invoices as InvoiceRow[];
    expectAll(apiInvoiceSchema, invoices.map(toApiInvoice));
    expect(new Set(invoices.map((i) => i.type)).size).toBeGreaterThanOrEqual(4);

    const meters = seed.tables.meters as MeterRow[];
    expectAll(
      apiMeterSchema,
      meters.map((m) => toApiMeter(m)),
    );
    expectAll(apiMeterSummarySchema, meters.map(toApiMeterSummary));
    const withHistory = meters.slice(0, 20).map((m) =>
      toApiMeter(
        m,
        invoices.filter((i) => i.meter_id === m.id),
      ),
    );
    expectAll(apiMeterSchema, withHistory);
    expect(withHistory.some((m) => (m.billing_history?.data.length ?? 0) > 0)).toBe(true);
  });

  it("readings (also corrected ones), messages and banners in both languages", () => {
    type ReadingRow = Parameters<typeof toApiReading>[0];
    type MessageRow = Parameters<typeof toApiMessage>[0];
    type BannerRow = Parameters<typeof toApiBanner>[0];
    const readings = seed.tables.readings.map((r) => ({ corrected_at: null, ...r }) as ReadingRow);
    expectAll(apiReadingSchema, readings.map(toApiReading));
    expectAll(
      apiReadingSchema,
      readings.slice(0, 5).map((r) => toApiReading({ ...r, corrected_at: "2026-11-25 10:00:00" })),
    );
    for (const en of [false, true]) {
      expectAll(
        apiMessageSchema,
        (seed.tables.messages as MessageRow[]).map((m) => toApiMessage(m, en)),
      );
    }
    const banners = seed.tables.banners as BannerRow[];
    expectAll(apiBannerSchema, [
      ...banners.map((b) => toApiBanner(b, false)),
      ...banners.map((b) => toApiBanner(b, true)),
    ]);
  });

  it("the composite answers: the account and a page's shell reads", () => {
    const [user] = seed.tables.users;
    const customer = seed.tables.customers.find((c) => c.id === user?.customer_id);
    if (!user || !customer) throw new Error("the seed has no user");
    const meters = seed.tables.meters.filter((m) => m.customer_id === customer.id);
    const meterIds = new Set(meters.map((m) => m.id));
    expectAll(apiAccountSchema, [
      {
        user: {
          ...toApiUser(userRow(user), customer as CustomerRow, userStatusFromMeters(meters)),
          managers: [],
          trusted_copies_for: null,
        },
        meters: meters.map((m) => toApiMeterSummary(m as never)),
      },
    ]);
    expectAll(apiShellReadsSchema, [
      {
        messages: seed.tables.messages
          .filter((m) => m.user_id === user.id)
          .map((m) => toApiMessage(m as never)),
        banners: seed.tables.banners.map((b) => toApiBanner(b as never, false)),
        readings: seed.tables.readings
          .filter((r) => meterIds.has(r.meter_id))
          .map((r) => toApiReading({ corrected_at: null, ...r } as never)),
        meters: meters.map((m) => toApiMeter(m as never)),
        invoices: seed.tables.invoices
          .filter((i) => meterIds.has(i.meter_id))
          .map((i) => toApiInvoice(i as never)),
      },
      { messages: [], banners: [], readings: null, meters: [], invoices: null },
    ]);
  });
});
