import type { ApiQuestionnaireStatus } from "../../../core/contract";
import type { QuestionnaireAnswer } from "../../../core/questionnaire/rules";
import type { ApiClient } from "./client";

/** The questionnaire (api/questionnaire/routes.ts): one function per endpoint. */

/** GET /users/{id}/questionnaire: the questions and whether they are answered (throws ApiError). */
export function questionnaire(api: ApiClient, userId: number) {
  return api.read<ApiQuestionnaireStatus>(`/users/${userId}/questionnaire`);
}

/** POST /users/{id}/questionnaire: the answers. */
export function answerQuestionnaire(api: ApiClient, userId: number, body: QuestionnaireAnswer) {
  return api.request<ApiQuestionnaireStatus>("POST", `/users/${userId}/questionnaire`, { body });
}
