/** The questionnaire's questions and choices for the page's component (no zod here). */
export {
  CHANNELS,
  COMMENT_MAX,
  RATING_QUESTIONS,
  RATINGS,
  type Channel,
  type RatingQuestion,
} from "../../core/questionnaire/constants";
