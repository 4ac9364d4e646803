import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cardNumberFromSerial, luhnCheckDigit } from "../../core/all-smart";
import {
  allSmartErrorKey,
  allSmartReply,
  connectSchema,
  createCardSchema,
  vatStepSchema,
} from "./all-smart";
import { formatCardNumber, isAdult, isIsoDate, isValidCardNumber } from "../../core/all-smart";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("card numbers", () => {
  it("computes the Luhn check digit", () => {
    // 7992739871 is the textbook example: check digit 3.
    expect(luhnCheckDigit("7992739871")).toBe(3);
  });

  it("accepts 16 digits with the prefix and a correct check digit, spaces allowed", () => {
    const n = cardNumberFromSerial("00000000002");
    expect(n).toHaveLength(16);
    expect(n.startsWith("6270")).toBe(true);
    expect(isValidCardNumber(n)).toBe(true);
    expect(isValidCardNumber(formatCardNumber(n))).toBe(true);
  });

  it("refuses a wrong check digit, another prefix, or the wrong length", () => {
    const n = cardNumberFromSerial("12345678901");
    const wrong = n.slice(0, 15) + String((Number(n[15]) + 1) % 10);
    expect(isValidCardNumber(wrong)).toBe(false);
    expect(isValidCardNumber("4111111111111111")).toBe(false); // Luhn-valid, not ours
    expect(isValidCardNumber(n.slice(0, 15))).toBe(false);
    expect(isValidCardNumber(`${n}0`)).toBe(false);
    expect(isValidCardNumber("6270abcdefghijkl")).toBe(false);
  });

  it("groups digits by four", () => {
    expect(formatCardNumber("6270000000000028")).toBe("6270 0000 0000 0028");
  });

  it("needs an 11-digit serial", () => {
    expect(() => cardNumberFromSerial("123")).toThrow();
  });
});

describe("adult check (18 on today's date)", () => {
  it("is adult on the 18th birthday, not the day before", () => {
    expect(isAdult("2008-05-10", "2026-05-10")).toBe(true);
    expect(isAdult("2008-05-10", "2026-05-09")).toBe(false);
    expect(isAdult("2008-05-10", "2026-05-11")).toBe(true);
  });

  it("counts a 29 February birthday as 1 March in a common year", () => {
    expect(isAdult("2008-02-29", "2026-02-28")).toBe(false);
    expect(isAdult("2008-02-29", "2026-03-01")).toBe(true);
    // In a leap year the birthday itself counts.
    expect(isAdult("2010-02-29", "2028-02-29")).toBe(false); // not a real date
    expect(isAdult("2012-02-29", "2030-03-01")).toBe(true);
    expect(isAdult("1992-02-29", "2010-02-28")).toBe(false);
  });

  it("handles year ends", () => {
    expect(isAdult("2007-12-31", "2025-12-31")).toBe(true);
    expect(isAdult("2008-01-01", "2025-12-31")).toBe(false);
  });

  it("refuses impossible dates", () => {
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2024-13-01")).toBe(false);
    expect(isIsoDate("10/05/2008")).toBe(false);
    expect(isAdult("not-a-date", "2026-01-01")).toBe(false);
  });
});

describe("step schemas", () => {
  const valid = {
    vat: "100000003",
    phone: "6944123456",
    choice: "create",
    privacy: "on",
    terms: "on",
  };

  it("accepts a complete VAT step", () => {
    const s = parseWithZod(form(valid), { schema: vatStepSchema });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toMatchObject({ vat: "100000003", privacy: true });
  });

  it("names each field's spec message", () => {
    const s = parseWithZod(form({ vat: "123456789", phone: "2101234567" }), {
      schema: vatStepSchema,
    });
    expect(s.status).toBe("error");
    const errors = s.reply().error ?? {};
    expect(errors.vat).toEqual(["allSmart:errors.invalidVat"]);
    expect(errors.phone).toEqual(["allSmart:errors.invalidPhone"]);
    expect(errors.choice).toEqual(["allSmart:errors.choose"]);
    expect(errors.privacy).toEqual(["allSmart:errors.privacy"]);
    expect(errors.terms).toEqual(["validate.terms"]);
  });

  it("checks the card number", () => {
    const ok = parseWithZod(form({ card_number: "6270 0000 0000 0026" }), {
      schema: connectSchema,
    });
    expect(ok.status).toBe("success");
    expect(
      parseWithZod(form({ card_number: "6270 0000 0000 0028" }), { schema: connectSchema }).status,
    ).toBe("error");
    const bad = parseWithZod(form({ card_number: "1234" }), { schema: connectSchema });
    expect(bad.reply().error?.card_number).toEqual(["allSmart:errors.invalidCard"]);
  });

  it("refuses minors and future or impossible birth dates", () => {
    const schema = createCardSchema("2026-05-10");
    expect(parseWithZod(form({ birth_date: "2008-05-10" }), { schema }).status).toBe("success");
    expect(
      parseWithZod(form({ birth_date: "2008-05-11" }), { schema }).reply().error?.birth_date,
    ).toEqual(["allSmart:errors.minor"]);
    expect(
      parseWithZod(form({ birth_date: "2027-01-01" }), { schema }).reply().error?.birth_date,
    ).toEqual(["allSmart:errors.birthDate"]);
    expect(parseWithZod(form({}), { schema }).reply().error?.birth_date).toEqual([
      "validate.require",
    ]);
  });

  it("maps every allSmart API error to a message", () => {
    for (const code of [
      "card_invalid",
      "card_exists",
      "too_many_attempts",
      "minor",
      "vat_not_registered",
      "no_eligible_meters",
      "link_expired",
      "bad_token",
      "captcha",
    ]) {
      expect(allSmartErrorKey(code)).not.toBe("allSmart:errors.failed");
    }
    expect(allSmartErrorKey("error")).toBe("allSmart:errors.failed");
  });

  it("puts a refusal next to the field named, in the API's words for a refused value", () => {
    const card = cardNumberFromSerial("00000000002");
    const submission = parseWithZod(form({ card_number: card }), { schema: connectSchema });
    const refused = { code: "validation", message: "allSmart:errors.invalidCard" };
    expect(allSmartReply(submission, refused, "card_number").error).toEqual({
      card_number: ["allSmart:errors.invalidCard"],
    });
    expect(allSmartReply(submission, { code: "card_exists" }, null).error).toEqual({
      "": ["allSmart:errors.cardExists"],
    });
  });
});
