/**
 * The questionnaire's questions and choices, without zod: the portal's page imports these in its
 * component code, and zod must stay out of the browser bundle.
 */
export const RATING_QUESTIONS = ["overall", "bills", "portal", "support"] as const;
export type RatingQuestion = (typeof RATING_QUESTIONS)[number];
/**
 * The words at the ends of each question's 1–5 scale (locales questionnaire.json, `scales.<scale>`):
 * the scale answers its question, so "how easy" is not rated "dissatisfied … satisfied" (#35).
 */
export const RATING_SCALES = ["satisfied", "clear", "easy", "quality"] as const;
export type RatingScale = (typeof RATING_SCALES)[number];
export const RATING_SCALE: Record<RatingQuestion, RatingScale> = {
  overall: "satisfied",
  bills: "clear",
  portal: "easy",
  support: "quality",
};
export const CHANNELS = ["portal", "phone", "email", "store"] as const;
export type Channel = (typeof CHANNELS)[number];
export const COMMENT_MAX = 1000;
export const RATINGS = [1, 2, 3, 4, 5] as const;
