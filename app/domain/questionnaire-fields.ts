/** The questionnaire's questions and choices for the page's component (no zod here). */
