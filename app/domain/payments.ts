/**
 * Payment rules of spec §5 and §8 for the portal: one zod schema per form, for actions and
 * loaders only (never imported by component code: the browser does not ship zod), plus
 * everything of ./payment-rules (amounts, cards, the on-time discount line, the checkout query),
 * re-exported so server code keeps one import.
 */
import { z } from "zod";
import {
  amountError,
  expiryValid,
  parseAmount,
  validCardNumber,
  validCvv,
} from "../../core/gateway";

export * from "./payment-rules";

// ---------------------------------------------------------------------------------------------
// Forms

/** /b2b/pay: which supplies and how much of each (dues in cents, by meter id). */
export function createPaySchema(dues: Record<number, number>) {
  return z
    .object({
      items: z
        .array(
          z.object({
            meter_id: z.coerce.number().int().positive(),
            pay: z.boolean().optional(),
            amount: z.string().optional(),
          }),
        )
        // One row per payable supply: a business may have up to 1,000 (the API's limit too).
        .max(1000)
        .default([]),
    })
    .superRefine((value, ctx) => {
      let chosen = 0;
      value.items.forEach((item, index) => {
        if (!item.pay) return;
        chosen++;
        const due = dues[item.meter_id];
        if (due === undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["items", index, "amount"],
            message: "payments:errors.nothingDue",
          });
          return;
        }
        const error = amountError(parseAmount(item.amount ?? ""), due);
        if (error)
          ctx.addIssue({ code: "custom", path: ["items", index, "amount"], message: error });
      });
      if (chosen === 0)
        ctx.addIssue({ code: "custom", path: [], message: "payments:errors.chooseSupply" });
    });
}

/** /pay/{hash} and /instant-bill/{hash}: the total due or another amount, with consent. */
export function createPayLinkSchema(dueCents: number) {
  return z
    .object({
      choice: z.enum(["total", "other"], { error: "validate.require" }),
      amount: z.string().optional(),
      consent: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      if (dueCents <= 0) {
        ctx.addIssue({ code: "custom", path: [], message: "payments:errors.nothingDue" });
        return;
      }
      if (value.choice === "other") {
        const error = amountError(parseAmount(value.amount ?? ""), dueCents);
        if (error) ctx.addIssue({ code: "custom", path: ["amount"], message: error });
      }
      if (!value.consent) {
        ctx.addIssue({ code: "custom", path: ["consent"], message: "payments:errors.consent" });
      }
    });
}

/** The hosted card page of the test acquirer (spec §5 Card). */
export function createCardSchema(now = new Date()) {
  return z
    .object({
      number: z
        .string({ error: "validate.require" })
        .refine(validCardNumber, "payments:card.errors.number"),
      cvv: z.string({ error: "validate.require" }).refine(validCvv, "payments:card.errors.cvv"),
      exp_month: z.string({ error: "validate.require" }),
      exp_year: z.string({ error: "validate.require" }),
      holder: z.string({ error: "validate.require" }).trim().min(2, "validate.require").max(80),
    })
    .superRefine((value, ctx) => {
      if (!expiryValid(value.exp_month, value.exp_year, now)) {
        ctx.addIssue({
          code: "custom",
          path: ["exp_month"],
          message: "payments:card.errors.expiry",
        });
      }
    });
}

export const threeDsSchema = z.object({
  intent: z.enum(["confirm", "cancel"]),
  code: z.string().max(12).optional(),
});
