import { and, eq } from "drizzle-orm";
import type { ApiQuestionnaireStatus } from "../../core/contract";
import type { Db } from "../db";
import { changedRow } from "../db/changes";
import { ApiError } from "../lib/errors";
import { nowIso } from "../lib/time";
import type { Lang } from "../types";
import { athensToday } from "../../core/dates";
import { questionnairePeriod, type QuestionnaireAnswer } from "../../core/questionnaire/rules";
import { questionnaireAnswers } from "./tables";

/** The current period (a quarter in Greek time) and whether the user answered in it. */
export async function questionnaireStatus(db: Db, userId: number): Promise<ApiQuestionnaireStatus> {
  const period = questionnairePeriod(athensToday());
  const [row] = await db
    .select({ created_at: questionnaireAnswers.created_at })
    .from(questionnaireAnswers)
    .where(
      and(eq(questionnaireAnswers.user_id, userId), eq(questionnaireAnswers.period, period.id)),
    )
    .limit(1);
  return {
    period: period.id,
    period_start: period.start,
    period_end: period.end,
    next_period_start: period.next,
    answered: row !== undefined,
    answered_at: row?.created_at ?? null,
  };
}

/**
 * Stores the answer of the current period. The table's UNIQUE (user_id, period) decides, so two
 * tabs posting at once store one answer and the other gets 409.
 */
export async function saveAnswer(
  db: Db,
  userId: number,
  answer: QuestionnaireAnswer,
  lang: Lang,
): Promise<void> {
  const period = questionnairePeriod(athensToday());
  const result = await db
    .insert(questionnaireAnswers)
    .values({
      user_id: userId,
      period: period.id,
      overall: answer.overall,
      bills: answer.bills,
      portal: answer.portal,
      support: answer.support,
      channel: answer.channel,
      comment: answer.comment ?? null,
      lang,
      created_at: nowIso(),
    })
    .onConflictDoNothing({ target: [questionnaireAnswers.user_id, questionnaireAnswers.period] })
    .run();
  if (!changedRow(result)) {
    throw new ApiError(409, "questionnaire_answered", { message: period.next });
  }
}
