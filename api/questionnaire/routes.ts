import { Hono } from "hono";
import type { ApiQuestionnaireStatus } from "../contract";
import type { Db } from "../db";
import { ApiError } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { assertOwnUser } from "../services/customers";
import type { ApiEnv } from "../types";
import { questionnaireAnswerSchema, questionnairePeriod } from "../../core/questionnaire/rules";
import { changedRow } from "../db/changes";
import { athensToday } from "../../core/dates";

async function status(db: Db, userId: number): Promise<ApiQuestionnaireStatus> {
  const period = questionnairePeriod(athensToday());
  const row = await db.$client
    .prepare("SELECT created_at FROM questionnaire_answers WHERE user_id = ? AND period = ?")
    .bind(userId, period.id)
    .first<{ created_at: string }>();
  return {
    period: period.id,
    period_start: period.start,
    period_end: period.end,
    next_period_start: period.next,
    answered: row !== null,
    answered_at: row?.created_at ?? null,
  };
}

/**
 * Mounted at /api. The satisfaction questionnaire: its status for the current period (a quarter in
 * Greek time) and the answer, stored once per user and period. The table's UNIQUE (user_id, period)
 * decides, so two tabs posting at once store one answer and the other gets 409.
 */
export const questionnaireRoutes = new Hono<ApiEnv>()
  .get("/users/:userId/questionnaire", requireBearer, async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.param("userId"));
    return c.json({ data: await status(c.get("db"), userId) });
  })

  .post(
    "/users/:userId/questionnaire",
    requireBearer,
    validate("json", questionnaireAnswerSchema),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.param("userId"));
      const db = c.get("db");
      const answer = c.req.valid("json");
      const period = questionnairePeriod(athensToday());
      const result = await db.$client
        .prepare(
          `INSERT INTO questionnaire_answers
             (user_id, period, overall, bills, portal, support, channel, comment, lang, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (user_id, period) DO NOTHING`,
        )
        .bind(
          userId,
          period.id,
          answer.overall,
          answer.bills,
          answer.portal,
          answer.support,
          answer.channel,
          answer.comment ?? null,
          c.get("lang"),
          nowIso(),
        )
        .run();
      if (!changedRow(result)) {
        throw new ApiError(409, "questionnaire_answered", { message: period.next });
      }
      return c.json({ data: await status(db, userId) }, 201);
    },
  );
