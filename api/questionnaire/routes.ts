import { Hono } from "hono";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser } from "../services/customers";
import type { ApiEnv } from "../types";
import { questionnaireAnswerSchema } from "../../core/questionnaire/rules";
import { userParams } from "../../core/contract/params";
import { questionnaireStatus, saveAnswer } from "./service";
import { data, documented } from "../lib/openapi";
import { apiQuestionnaireStatusSchema } from "../../core/contract";

const doc = documented("Questionnaire");

/**
 * Mounted at /api. The satisfaction questionnaire: its status for the current period (a quarter in
 * Greek time) and the answer, stored once per user and period (a second one is 409).
 */
export const questionnaireRoutes = new Hono<ApiEnv>()
  .get(
    "/users/:userId/questionnaire",
    doc({
      summary: "This period's questionnaire and whether it is answered",
      ok: data(apiQuestionnaireStatusSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userParams, { invalid: "not_found" }),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      return c.json({ data: await questionnaireStatus(c.get("db"), userId) });
    },
  )

  .post(
    "/users/:userId/questionnaire",
    doc({
      summary: "Answer this period's questionnaire",
      ok: data(apiQuestionnaireStatusSchema, 201, "Stored"),
      errors: { 404: ["not_found"], 409: ["questionnaire_answered"] },
    }),
    requireBearer,
    permit("own_profile"),
    validate("param", userParams, { invalid: "not_found" }),
    validate("json", questionnaireAnswerSchema),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const db = c.get("db");
      await saveAnswer(db, userId, c.req.valid("json"), c.get("lang"));
      return c.json({ data: await questionnaireStatus(db, userId) }, 201);
    },
  );
