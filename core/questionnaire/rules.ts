import { z } from "zod";
import { CHANNELS, COMMENT_MAX } from "./constants";

/**
 * The satisfaction questionnaire: four ratings, a preferred contact channel and an
 * optional comment, answerable once per period. A period is a calendar quarter in Greek time, so
 * "once per period" means the same thing to the customer, the page and the database. Pure rules,
 * shared by the API (which enforces them) and the portal (app/domain/questionnaire.ts).
 */

export {
  CHANNELS,
  COMMENT_MAX,
  RATING_QUESTIONS,
  RATINGS,
  type Channel,
  type RatingQuestion,
} from "./constants";

export interface QuestionnairePeriod {
  /** "2026-Q4" */
  id: string;
  /** First day of the quarter, YYYY-MM-DD. */
  start: string;
  /** Last day of the quarter. */
  end: string;
  /** First day of the next quarter: when the next questionnaire opens. */
  next: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** The quarter a Greek calendar date (YYYY-MM-DD, e.g. athensToday()) falls in. */
export function questionnairePeriod(date: string): QuestionnairePeriod {
  const match = ISO_DATE.exec(date.slice(0, 10));
  if (!match) throw new RangeError(`not a date: ${date}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) throw new RangeError(`not a date: ${date}`);
  const quarter = Math.ceil(month / 3);
  const firstMonth = (quarter - 1) * 3 + 1;
  const lastMonth = firstMonth + 2;
  // Day 0 of the following month is the last day of this one (UTC: no DST surprises).
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const next = quarter === 4 ? `${year + 1}-01-01` : `${year}-${pad(lastMonth + 1)}-01`;
  return {
    id: `${year}-Q${quarter}`,
    start: `${year}-${pad(firstMonth)}-01`,
    end: `${year}-${pad(lastMonth)}-${pad(lastDay)}`,
    next,
  };
}

const rating = z
  .number({ error: "questionnaire:errors.rating" })
  .int("questionnaire:errors.rating")
  .min(1, "questionnaire:errors.rating")
  .max(5, "questionnaire:errors.rating");

/**
 * One answer. Messages are the portal's translation keys. The portal parses its form with the same
 * schema (Conform turns the radio values into numbers and an empty comment into undefined).
 */
export const questionnaireAnswerSchema = z.object({
  overall: rating,
  bills: rating,
  portal: rating,
  support: rating,
  channel: z.enum(CHANNELS, { error: "questionnaire:errors.channel" }),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, "questionnaire:errors.commentTooLong")
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type QuestionnaireAnswer = z.output<typeof questionnaireAnswerSchema>;
