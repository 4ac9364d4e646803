/**
 * The satisfaction questionnaire in the portal. The rules (period maths, the answer schema) are the
 * API's (core/questionnaire/rules.ts), imported from there so the page and the API always agree; the
 * schema is imported by the route's action only; the component takes the questions and choices
 * from app/domain/questionnaire-fields.ts, which has no zod.
 */
