import { describe, expect, it } from "vitest";
import { nextStep, reachableStep, TARIFF_CATEGORIES } from "./rules";
import {
  transferApplicationSchema,
  transferContactSchema,
  transferSubmitSchema,
  transferSupplySchema,
  transferTariffSchema,
} from "./transfer";

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe("transfer contact step", () => {
  const valid = { phone: "6971234567", email: "nikos@example.gr", afm: "710000006" };

  it("accepts a mobile, an email and a valid VAT, removing spaces", () => {
    const result = transferContactSchema.safeParse({
      phone: "697 123 4567",
      email: " nikos@example.gr ",
      afm: "710 000 006",
    });
    expect(result.success && result.data).toEqual(valid);
  });

  it.each([
    [{ phone: undefined }, "validate.require"],
    [{ phone: "2101234567" }, "transfer:errors.phoneInvalid"],
    [{ phone: "697123456" }, "transfer:errors.phoneInvalid"],
    [{ email: undefined }, "validate.require"],
    [{ email: "nikos@" }, "transfer:errors.emailInvalid"],
    // "VAT not found" (spec §8) is a VAT failing its check digit (#35 §5).
    [{ afm: "710000007" }, "transfer:errors.vatNotFound"],
    [{ afm: "" }, "validate.require"],
  ])("refuses %o with %s", (override, message) => {
    expect(firstError(transferContactSchema.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it("refuses a filled honeypot", () => {
    expect(firstError(transferContactSchema.safeParse({ ...valid, website: "x" }))).toBe(
      "transfer:errors.spam",
    );
  });
});

describe("transfer tariff and supply steps", () => {
  it("knows the five tariff categories of the spec", () => {
    expect(TARIFF_CATEGORIES).toHaveLength(5);
    for (const tariff of TARIFF_CATEGORIES) {
      expect(transferTariffSchema.safeParse({ tariff }).success).toBe(true);
    }
    expect(firstError(transferTariffSchema.safeParse({ tariff: "industrial" }))).toBe(
      "validate.require",
    );
    expect(firstError(transferTariffSchema.safeParse({}))).toBe("validate.require");
  });

  it("takes a 9-digit electricity or 14-digit gas supply number", () => {
    expect(transferSupplySchema.safeParse({ supply_number: "176543210" }).success).toBe(true);
    expect(transferSupplySchema.safeParse({ supply_number: "12345678901234" }).success).toBe(true);
    expect(firstError(transferSupplySchema.safeParse({ supply_number: "1234" }))).toBe(
      "validate.supplyNumber",
    );
  });

  it("checks the whole application again, without the honeypot", () => {
    const application = {
      phone: "6971234567",
      email: "nikos@example.gr",
      afm: "710000006",
      tariff: "residential_night",
      supply_number: "176543210",
    };
    expect(transferApplicationSchema.parse(application)).toEqual(application);
    expect(transferApplicationSchema.safeParse({ ...application, tariff: undefined }).success).toBe(
      false,
    );
  });

  it("needs the consent on the review", () => {
    expect(transferSubmitSchema.safeParse({ consent: true }).success).toBe(true);
    expect(firstError(transferSubmitSchema.safeParse({ consent: false }))).toBe(
      "transfer:errors.consent",
    );
    expect(firstError(transferSubmitSchema.safeParse({}))).toBe("transfer:errors.consent");
  });
});

describe("step order", () => {
  it("opens the first unsaved step, a saved one, or the review when all are saved", () => {
    expect(reachableStep("transfer", [], null)).toBe("contact");
    expect(reachableStep("transfer", [], "supply")).toBe("contact");
    expect(reachableStep("transfer", ["contact"], "tariff")).toBe("tariff");
    expect(reachableStep("transfer", ["contact"], "contact")).toBe("contact");
    expect(reachableStep("transfer", ["contact"], "review")).toBe("tariff");
    expect(reachableStep("transfer", ["contact", "tariff", "supply"], null)).toBe("review");
    expect(reachableStep("transfer", ["contact", "tariff", "supply"], "tariff")).toBe("tariff");
    expect(reachableStep("new_supply", [], "review")).toBe("details");
    expect(reachableStep("new_supply", ["details"], "nonsense")).toBe("review");
  });

  it("moves to the next step, then the review", () => {
    expect(nextStep("transfer", "contact")).toBe("tariff");
    expect(nextStep("transfer", "tariff")).toBe("supply");
    expect(nextStep("transfer", "supply")).toBe("review");
    expect(nextStep("new_supply", "details")).toBe("review");
  });
});
