import { describe, expect, it } from "vitest";
import {
  amountInputValue,
  createCardSchema,
  createPayLinkSchema,
  createPaySchema,
  onTimeDiscount,
  parseCheckout,
  withoutCheckout,
} from "./payments";
import {
  amountError,
  canonicalString,
  expiryValid,
  luhnValid,
  parseAmount,
  signFields,
  TEST_CARDS,
  validCardNumber,
  verifyFields,
} from "../../core/gateway";

describe("Luhn and card numbers", () => {
  it("accepts every documented test card and rejects a wrong check digit", () => {
    for (const number of Object.values(TEST_CARDS)) {
      expect([number, luhnValid(number)]).toEqual([number, true]);
      expect(validCardNumber(number)).toBe(true);
    }
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("4111a11111111111")).toBe(false);
  });

  it("needs exactly 16 digits; spaces and dashes between groups are fine", () => {
    expect(validCardNumber("4111 1111 1111 1111")).toBe(true);
    expect(validCardNumber("4111-1111-1111-1111")).toBe(true);
    expect(validCardNumber("411111111111111")).toBe(false);
    expect(validCardNumber("41111111111111111")).toBe(false);
    expect(validCardNumber("378282246310005")).toBe(false); // valid Luhn, 15 digits
  });
});

describe("expiry", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  it("is valid through the end of the expiry month", () => {
    expect(expiryValid("11", "2026", now)).toBe(true);
    expect(expiryValid("11", "26", now)).toBe(true);
    expect(expiryValid("10", "2026", now)).toBe(false);
    expect(expiryValid("12", "2025", now)).toBe(false);
    expect(expiryValid("01", "2027", now)).toBe(true);
  });
  it("rejects nonsense months and years", () => {
    expect(expiryValid("13", "2027", now)).toBe(false);
    expect(expiryValid("0", "2027", now)).toBe(false);
    expect(expiryValid("05", "27x", now)).toBe(false);
    expect(expiryValid("05", "2099", now)).toBe(false);
  });
});

describe("amounts", () => {
  it("parses Greek and plain formats into cents", () => {
    expect(parseAmount("12,34")).toBe(1234);
    expect(parseAmount("12.34")).toBe(1234);
    expect(parseAmount("1.234,56")).toBe(123456);
    expect(parseAmount("0,1")).toBe(10);
    expect(parseAmount(" 45 € ")).toBe(4500);
    expect(parseAmount("1,005")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
    expect(parseAmount("-5")).toBeNull();
    expect(parseAmount("")).toBeNull();
  });

  it("valid, greater than 0 and at most the total due (spec §5)", () => {
    expect(amountError(null, 1000)).toBe("validate.amount");
    expect(amountError(0, 1000)).toBe("validate.amount");
    expect(amountError(1001, 1000)).toBe("validate.amountMax");
    expect(amountError(1000, 1000)).toBeNull();
    expect(amountError(1, 1000)).toBeNull();
  });

  it("shows the default amount with comma decimals", () => {
    expect(amountInputValue(123.4)).toBe("123,40");
    expect(amountInputValue(0.07)).toBe("0,07");
  });
});

describe("signed gateway fields (digest)", () => {
  it("is canonical: sorted keys, encoded values, sig excluded", () => {
    expect(canonicalString({ status: "approved", amount: "1234", order: "a b", sig: "x" })).toBe(
      "amount=1234&order=a%20b&status=approved",
    );
  });

  it("verifies the HMAC over all fields and refuses any altered field", async () => {
    const fields: Record<string, string> = { order: "ord_1", amount: "1234", status: "approved" };
    fields.sig = await signFields("secret", fields);
    expect(await verifyFields("secret", fields)).toBe(true);
    expect(await verifyFields("other", fields)).toBe(false);
    for (const [key, value] of [
      ["amount", "1"],
      ["status", "declined"],
      ["order", "ord_2"],
    ] as const) {
      expect(await verifyFields("secret", { ...fields, [key]: value })).toBe(false);
    }
    expect(await verifyFields("secret", { ...fields, extra: "1" })).toBe(false);
    const { sig: _sig, ...unsigned } = fields;
    expect(await verifyFields("secret", unsigned)).toBe(false);
  });
});

describe("on-time discount line", () => {
  const meter = {
    package_name: "NRG_HOME_FIXED",
    last_invoice_due_date: "2026-12-01",
    running_total: 50,
  };
  it("shows 15% for fixed tariffs while the due date has not passed", () => {
    expect(onTimeDiscount(meter, "2026-11-22")).toEqual({ percent: 15, date: "2026-12-01" });
    expect(onTimeDiscount(meter, "2026-12-02")).toBeNull();
    expect(onTimeDiscount({ ...meter, package_name: "NRG_HOME_NIGHT" }, "2026-11-22")).toBeNull();
    expect(onTimeDiscount({ ...meter, running_total: 0 }, "2026-11-22")).toBeNull();
  });
});

describe("checkout query", () => {
  const q = (s: string) => parseCheckout(new URLSearchParams(s));
  it("reads each result of spec §2", () => {
    expect(q("checkout=success&t=P261122-7F3K9Q&a=12.5")).toEqual({
      kind: "success",
      t: "P261122-7F3K9Q",
      a: 12.5,
    });
    expect(q("checkout=canceledComplete")).toEqual({ kind: "canceledComplete" });
    expect(q("checkout=fail&e=card_failed")).toEqual({ kind: "fail", error: "card_failed" });
    expect(q("checkout=fail&e=<script>")).toEqual({ kind: "fail", error: null });
    expect(q("checkout=mismatch")).toEqual({ kind: "mismatch" });
    expect(q("checkout=other")).toBeNull();
  });
  it("shows the cancel dialog only when t is present", () => {
    expect(q("checkout=cancel")).toBeNull();
    expect(q("checkout=cancel&t=P261122-7F3K9Q&o=ord_abcdefghijklmnopqrstuv")).toEqual({
      kind: "cancel",
      t: "P261122-7F3K9Q",
      o: "ord_abcdefghijklmnopqrstuv",
    });
  });
  it("closes to the same page without the checkout parameters", () => {
    expect(
      withoutCheckout("/b2b/pay", new URLSearchParams("checkout=success&t=X&a=1&meter=3")),
    ).toBe("/b2b/pay?meter=3");
  });
});

describe("form schemas", () => {
  it("pay several: at least one supply, each amount within its due", () => {
    const schema = createPaySchema({ 1: 5000, 2: 1000 });
    expect(schema.safeParse({ items: [{ meter_id: 1 }, { meter_id: 2 }] }).success).toBe(false);
    const tooMuch = schema.safeParse({
      items: [
        { meter_id: 1, pay: true, amount: "50,00" },
        { meter_id: 2, pay: true, amount: "10,01" },
      ],
    });
    expect(tooMuch.success).toBe(false);
    expect(tooMuch.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["items.1.amount", "validate.amountMax"],
    ]);
    expect(
      schema.safeParse({ items: [{ meter_id: 1, pay: true, amount: "0" }] }).error?.issues[0]
        ?.message,
    ).toBe("validate.amount");
  });

  it("pay link: consent required; another amount > 0 and ≤ total due; nothing due refused", () => {
    const schema = createPayLinkSchema(2000);
    const messages = (value: unknown) =>
      schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ choice: "total" })).toEqual(["payments:errors.consent"]);
    expect(messages({ choice: "other", amount: "20,01", consent: true })).toEqual([
      "validate.amountMax",
    ]);
    expect(messages({ choice: "total", consent: true })).toEqual([]);
    expect(
      createPayLinkSchema(0)
        .safeParse({ choice: "total", consent: true })
        .error?.issues.map((i) => i.message),
    ).toEqual(["payments:errors.nothingDue"]);
  });

  it("card: 16-digit Luhn number, 3-digit CVV, not expired, a holder", () => {
    const schema = createCardSchema(new Date("2026-11-22T00:00:00Z"));
    const good = {
      number: "4111 1111 1111 1111",
      cvv: "123",
      exp_month: "12",
      exp_year: "2028",
      holder: "Maria K",
    };
    expect(schema.safeParse(good).success).toBe(true);
    const bad = schema.safeParse({
      ...good,
      number: "4111111111111112",
      cvv: "12",
      exp_year: "2025",
    });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["number", "cvv", "exp_month"]);
  });
});
