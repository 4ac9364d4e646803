import { z } from "zod";
import { id, isoDate, timestamp } from "./common";

// ---- notices and questionnaire (docs/api/pages.md) ----

/** A supplier-wide notice in the request's language (GET /notices). */
export const apiNoticeSchema = z
  .object({
    id,
    published_at: isoDate,
    importance: z.enum(["normal", "important", "urgent"]),
    title: z.string(),
    body: z.string(),
  })
  .meta({ id: "ApiNotice" });
export type ApiNotice = z.infer<typeof apiNoticeSchema>;

/** GET/POST /users/{id}/questionnaire: the current period and whether it is answered. */
export const apiQuestionnaireStatusSchema = z.object({
  period: z.string().meta({ example: "2026-Q4" }),
  period_start: isoDate,
  period_end: isoDate,
  next_period_start: isoDate.meta({ description: "When the next questionnaire opens" }),
  answered: z.boolean(),
  answered_at: timestamp.nullable(),
});
export type ApiQuestionnaireStatus = z.infer<typeof apiQuestionnaireStatusSchema>;
