import { z } from "zod";
import { VULNERABLE_CATEGORIES, VULNERABLE_DECLARATIONS } from "../../core/vulnerable";

/**
 * The register application's form (/b2b/evalotes, #38 §3), for the action only (zod stays out of
 * the page's JavaScript). The schema reads what was posted; which declarations a category needs
 * and whether it may be chosen is core/vulnerable.ts's rule, which the action and the API both
 * run. The certificate is a file: its bytes go to the API, never through zod.
 */
export const registerFormSchema = z.object({
  category: z.enum(VULNERABLE_CATEGORIES, { error: "hardship:register.errors.category" }),
  declarations: z.array(z.enum(VULNERABLE_DECLARATIONS)).default([]),
});
export type RegisterForm = z.infer<typeof registerFormSchema>;
