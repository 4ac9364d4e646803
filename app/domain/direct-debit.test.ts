import { describe, expect, it } from "vitest";
import {
  cardFormSchema,
  codeFormSchema,
  ddErrorMessage,
  manageCardSchema,
  retryAfterSeconds,
  vatFormSchema,
  vivaFailureKey,
  waitMinutes,
} from "./direct-debit";
import { outcomeRedirect } from "../routes/checkout-return";
import {
  chargeDay,
  checkCode,
  checkResend,
  CODE_TTL_SECONDS,
  DD_TEST_CARDS,
  ddCardOutcome,
  generateCode,
  MAX_GUESSES,
  MAX_RESENDS_PER_HOUR,
  maskMobile,
  nextChargeDate,
  RESEND_INTERVAL_SECONDS,
} from "../../core/direct-debit/rules";

const now = new Date("2026-11-22T10:00:00.000Z");
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

describe("the one-time code", () => {
  it("is 6 random digits", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it("is accepted while valid, refused once expired", () => {
    const valid = { guesses: 0, codeExpiresAt: later(CODE_TTL_SECONDS) };
    expect(checkCode(valid, true, now)).toEqual({ result: "ok" });
    expect(checkCode(valid, true, new Date(now.getTime() + CODE_TTL_SECONDS * 1000))).toEqual({
      result: "expired",
    });
    expect(checkCode({ guesses: 0, codeExpiresAt: null }, true, now)).toEqual({
      result: "expired",
    });
  });

  it("allows 5 guesses: 4 wrong ones say how many are left, the 5th ends the flow", () => {
    const expires = later(600);
    expect(checkCode({ guesses: 0, codeExpiresAt: expires }, false, now)).toEqual({
      result: "wrong",
      attemptsLeft: 4,
    });
    expect(checkCode({ guesses: 3, codeExpiresAt: expires }, false, now)).toEqual({
      result: "wrong",
      attemptsLeft: 1,
    });
    expect(checkCode({ guesses: MAX_GUESSES - 1, codeExpiresAt: expires }, false, now)).toEqual({
      result: "locked",
    });
    // Once locked, even the right code is refused.
    expect(checkCode({ guesses: MAX_GUESSES, codeExpiresAt: expires }, true, now)).toEqual({
      result: "locked",
    });
  });

  it("is resent at most once a minute", () => {
    expect(checkResend(null, [], now)).toEqual({ ok: true });
    const justSent = new Date(now.getTime() - 20_000).toISOString();
    expect(checkResend(justSent, [], now)).toEqual({ ok: false, retryAfter: 40 });
    const aMinuteAgo = new Date(now.getTime() - RESEND_INTERVAL_SECONDS * 1000).toISOString();
    expect(checkResend(aMinuteAgo, [], now)).toEqual({ ok: true });
  });

  it("is resent at most 5 times an hour", () => {
    const stamps = [50, 40, 30, 20, 10].map((m) =>
      new Date(now.getTime() - m * 60_000).toISOString(),
    );
    expect(stamps).toHaveLength(MAX_RESENDS_PER_HOUR);
    const last = stamps[stamps.length - 1] ?? null;
    // The oldest of the 5 was 50 minutes ago: 10 more minutes to wait.
    expect(checkResend(last, stamps, now)).toEqual({ ok: false, retryAfter: 600 });
    expect(checkResend(last, stamps.slice(1), now)).toEqual({ ok: true });
    const old = [new Date(now.getTime() - 61 * 60_000).toISOString(), ...stamps.slice(1)];
    expect(checkResend(last, old, now)).toEqual({ ok: true });
  });

  it("is masked when the mobile is shown", () => {
    expect(maskMobile("6944123456")).toBe("69••••••56");
  });
});

describe("the test issuer", () => {
  it("answers per test card; any other valid number is unknown", () => {
    expect(ddCardOutcome("4111 1111 1111 1111")).toBe("approved");
    expect(ddCardOutcome(DD_TEST_CARDS.declined)).toBe("declined");
    expect(ddCardOutcome(DD_TEST_CARDS.expired)).toBe("expired");
    expect(ddCardOutcome(DD_TEST_CARDS.timeout)).toBe("timeout");
    expect(ddCardOutcome(DD_TEST_CARDS.failure)).toBe("failed");
    expect(ddCardOutcome(DD_TEST_CARDS.notFound)).toBe("not_found");
  });
});

describe("the monthly charge", () => {
  it("falls on the bill's due day, at most the 28th", () => {
    expect(chargeDay("2026-11-15", "2026-11-22")).toBe(15);
    expect(chargeDay("2026-10-31", "2026-11-22")).toBe(28);
    expect(chargeDay(null, "2026-11-22")).toBe(22);
  });

  it("is next on that day of this month if still ahead, else next month", () => {
    expect(nextChargeDate(25, "2026-11-22")).toBe("2026-11-25");
    expect(nextChargeDate(22, "2026-11-22")).toBe("2026-12-22");
    expect(nextChargeDate(5, "2026-12-22")).toBe("2027-01-05");
  });
});

describe("form schemas", () => {
  it("VAT: 9 digits with a valid check digit", () => {
    expect(vatFormSchema.safeParse({ afm: "100000003" }).success).toBe(true);
    const bad = vatFormSchema.safeParse({ afm: "100000004" });
    expect(bad.error?.issues[0]?.message).toBe("validate.vat");
    expect(vatFormSchema.safeParse({}).error?.issues[0]?.message).toBe("validate.require");
  });

  it("code: 6 digits, spaces allowed", () => {
    expect(codeFormSchema.parse({ code: "123 456" })).toEqual({ code: "123456" });
    expect(codeFormSchema.safeParse({ code: "12345" }).error?.issues[0]?.message).toBe(
      "directDebit:errors.codeFormat",
    );
  });

  const year = String(new Date().getUTCFullYear() + 2);
  const card = { number: "4111 1111 1111 1111", cvv: "123", exp_month: "5", exp_year: year };

  it("card: Luhn, CVV, expiry, holder and a supply", () => {
    const ok = cardFormSchema.parse({ ...card, holder: " Γ. Παπαδόπουλος ", meter_id: "2" });
    expect(ok).toMatchObject({ number: "4111111111111111", meter_id: 2, exp_month: 5 });
    expect(ok.holder).toBe("Γ. Παπαδόπουλος");
    const messages = (input: object) =>
      cardFormSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(messages({ ...card, holder: "AB", meter_id: "" })).toEqual([
      "meter_id:directDebit:errors.chooseSupply",
    ]);
    expect(messages({ ...card, number: "4111111111111112", holder: "AB", meter_id: "1" })).toEqual([
      "number:directDebit:errors.cardNumber",
    ]);
    expect(messages({ ...card, cvv: "12", holder: "AB", meter_id: "1" })).toEqual([
      "cvv:directDebit:errors.cvv",
    ]);
    expect(messages({ ...card, exp_year: "2020", holder: "AB", meter_id: "1" })).toEqual([
      "exp_month:directDebit:errors.expiry",
    ]);
    expect(manageCardSchema.safeParse({ ...card, holder: "A" }).success).toBe(false);
    expect(manageCardSchema.safeParse({ ...card, holder: "AB" }).success).toBe(true);
  });
});

describe("API errors on the page", () => {
  it("puts each spec §8 error next to its field or above the form", () => {
    expect(ddErrorMessage({ code: "dd_vat_not_found" })).toEqual({
      field: "afm",
      key: "directDebit:errors.vatNotFound",
    });
    expect(ddErrorMessage({ code: "dd_no_mobile" }).key).toBe("directDebit:errors.noMobile");
    expect(ddErrorMessage({ code: "dd_wrong_code" }).field).toBe("code");
    expect(ddErrorMessage({ code: "dd_card_not_found" }).key).toBe(
      "directDebit:errors.cardNotFound",
    );
    expect(ddErrorMessage({ code: "dd_card_declined" }).key).toBe("directDebit:errors.declined");
    expect(ddErrorMessage({ code: "dd_card_expired" }).key).toBe("directDebit:errors.cardExpired");
    expect(ddErrorMessage({ code: "dd_timeout" })).toEqual({
      field: null,
      key: "directDebit:errors.timeout",
    });
    expect(ddErrorMessage({ code: "dd_failed" }).key).toBe("directDebit:errors.failed");
    expect(ddErrorMessage({ code: "error" }).key).toBe("directDebit:errors.failed");
    expect(ddErrorMessage({ code: "dd_session_expired" }).key).toBe(
      "directDebit:errors.sessionExpired",
    );
    expect(ddErrorMessage({ code: "validation", field: "cvv", message: "x:y" })).toEqual({
      field: "cvv",
      key: "x:y",
    });
  });

  it("turns a 429's seconds into whole minutes", () => {
    expect(retryAfterSeconds("40")).toBe(40);
    expect(retryAfterSeconds(undefined)).toBeNull();
    expect(waitMinutes(40)).toBe(1);
    expect(waitMinutes(600)).toBe(10);
  });
});

describe("direct debit with Viva (ADR 0025)", () => {
  it("a mandate's return goes to the flow's pages with the spec's message", () => {
    const mandate = {
      order_id: "ddo_x",
      reference: "ddo_x",
      amount: 0.3,
      return_to: "/direct-debit",
    };
    expect(outcomeRedirect({ ...mandate, outcome: "success", reason: null })).toBe(
      "/direct-debit/thank-you",
    );
    expect(outcomeRedirect({ ...mandate, outcome: "fail", reason: "card_failed" })).toBe(
      "/direct-debit?failed=declined",
    );
    expect(outcomeRedirect({ ...mandate, outcome: "fail", reason: "not_completed" })).toBe(
      "/direct-debit?failed=timeout",
    );
    expect(outcomeRedirect({ ...mandate, outcome: "fail", reason: null })).toBe(
      "/direct-debit?failed=failed",
    );
    expect(vivaFailureKey("declined")).toBe("directDebit:errors.declined");
    expect(vivaFailureKey("timeout")).toBe("directDebit:errors.timeout");
    expect(vivaFailureKey("anything")).toBe("directDebit:errors.failed");
    expect(vivaFailureKey(null)).toBeNull();
  });
});
