/**
 * The questionnaire's questions and choices, without zod: the portal's page imports these in its
 * component code, and zod must stay out of the browser bundle.
 */
export const RATING_QUESTIONS = ["overall", "bills", "portal", "support"] as const;
export type RatingQuestion = (typeof RATING_QUESTIONS)[number];
export const CHANNELS = ["portal", "phone", "email", "store"] as const;
export type Channel = (typeof CHANNELS)[number];
export const COMMENT_MAX = 1000;
export const RATINGS = [1, 2, 3, 4, 5] as const;
