import { z } from "zod";
import { ZIP_PATTERN } from "./all-smart";

/** Shared by the API and the portal's form (app/domain/change-address.ts). Messages are translation keys. */
const text = (max: number) => z.string().trim().max(max, "changeAddress:errors.tooLong").optional();

/** Spec §8 "Address change": choose yes or no; enter an address; fill all addresses. */
export const changeAddressSchema = z
  .object({
    same: z.enum(["yes", "no"], { error: "changeAddress:errors.chooseYesNo" }),
    street: text(120),
    street_no: text(20),
    city: text(80),
    zip: text(10),
    area: text(80),
    state: text(80),
    comments: text(500),
  })
  .superRefine((value, ctx) => {
    if (value.same !== "no") return;
    if (!value.street) {
      ctx.addIssue({
        code: "custom",
        path: ["street"],
        message: "changeAddress:errors.enterAddress",
      });
    }
    for (const key of ["street_no", "city", "zip", "area", "state"] as const) {
      if (!value[key]) {
        ctx.addIssue({ code: "custom", path: [key], message: "changeAddress:errors.fillAll" });
      }
    }
    if (value.zip && !ZIP_PATTERN.test(value.zip)) {
      ctx.addIssue({ code: "custom", path: ["zip"], message: "changeAddress:errors.zip" });
    }
  });

export type ChangeAddressBody = z.output<typeof changeAddressSchema>;
