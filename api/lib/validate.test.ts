import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./errors";
import { INVALID_KEY, issueField, REQUIRED_KEY, validationError } from "./validate";

const schema = z.object({
  afm: z.string().regex(/^\d{9}$/, "validate.vat"),
  kind: z.enum(["transfer", "new_supply"]),
  items: z.array(z.object({ amount: z.number().positive("validate.amount") })).optional(),
  extra: z.record(z.string(), z.number()).optional(),
  nested: z.strictObject({ a: z.string() }).optional(),
});

function answer(input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  if (result.success) throw new Error("unreachable");
  return validationError(result.error, input).toBody().error;
}

const ZOD_WORDS = /expected|received|invalid input|option|too small|unrecognized|zq/i;

describe("validationError", () => {
  it("keeps our own message keys and the field path", () => {
    expect(answer({ afm: "12", kind: "transfer" })).toEqual({
      code: "validation",
      field: "afm",
      message: "validate.vat",
    });
    expect(answer({ afm: "123456789", kind: "transfer", items: [{ amount: -1 }] })).toEqual({
      code: "validation",
      field: "items.0.amount",
      message: "validate.amount",
    });
  });

  it("replaces zod's own messages with a stable key: required or invalid", () => {
    expect(answer({ kind: "transfer" })).toEqual({
      code: "validation",
      field: "afm",
      message: REQUIRED_KEY,
    });
    for (const input of [
      { afm: 123456789, kind: "transfer" },
      { afm: "123456789", kind: "zq-marker" },
      { afm: "123456789", kind: "transfer", extra: { a: "zq-marker" } },
      { afm: "123456789", kind: "transfer", nested: { a: "x", "zq-marker": 1 } },
    ]) {
      const error = answer(input);
      expect(error.message).toBe(INVALID_KEY);
      expect(JSON.stringify(error)).not.toMatch(ZOD_WORDS);
    }
  });

  it("never echoes a key of the input as a field path", () => {
    const records = z.object({ extra: z.record(z.string(), z.number()) });
    const input = { extra: { "<script>zq</script>": "x" } };
    const result = records.safeParse(input);
    if (result.success) throw new Error("unreachable");
    expect(validationError(result.error, input).toBody().error).toEqual({
      code: "validation",
      field: "extra",
      message: INVALID_KEY,
    });
  });

  it("answers a body of the wrong type without a field", () => {
    for (const input of [[1], "zq-marker", 12, null]) {
      expect(answer(input)).toEqual({ code: "validation", message: INVALID_KEY });
    }
  });

  it("issueField keeps names and indexes, stops at anything else", () => {
    expect(issueField(["items", 0, "amount"])).toBe("items.0.amount");
    expect(issueField(["a b", "c"])).toBeUndefined();
    expect(issueField(["extra", "x.y", "z"])).toBe("extra");
    expect(issueField([Symbol("s")])).toBeUndefined();
    expect(issueField(undefined)).toBeUndefined();
  });
});

describe("ApiError.toBody", () => {
  it("a validation answer carries a message key or none at all", () => {
    const prose = new ApiError(400, "validation", {
      field: "afm",
      message: "Invalid input: expected string, received number",
    });
    expect(prose.toBody()).toEqual({ error: { code: "validation", field: "afm" } });
    const key = new ApiError(400, "validation", { field: "afm", message: "validate.vat" });
    expect(key.toBody().error.message).toBe("validate.vat");
  });

  it("other codes keep their message (retry seconds, dates)", () => {
    expect(new ApiError(429, "too_many_attempts", { message: "60" }).toBody().error.message).toBe(
      "60",
    );
  });
});
