import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  NEW_SUPPLY_STEP_SCHEMAS,
  newSupplyApplicationSchema,
  newSupplySubmitSchema,
} from "../../core/applications/new-supply";
import {
  TRANSFER_STEP_SCHEMAS,
  transferApplicationSchema,
  transferSubmitSchema,
} from "../../core/applications/transfer";
import {
  apiApplicationDraftSchema,
  apiApplicationReceiptSchema,
  applicationKindSchema,
  draftParams,
  draftStepParams,
  type ApiApplicationReceipt,
  type ApiErrorCode,
} from "../../core/contract";
import { ApiError, badRequest } from "../lib/errors";
import { clientIp } from "../lib/request";
import { nowIso } from "../lib/time";
import { randomToken } from "../../core/tokens";
import { validate, validationError } from "../lib/validate";
import { sendEmail } from "../services/outbox";
import type { ApiEnv } from "../types";
import { newSupplyEmail, transferEmail } from "./emails";
import {
  applicationReference,
  reachableStep,
  STEPS,
  type ApplicationKind,
} from "../../core/applications/rules";
import {
  checkHolder,
  checkSupply,
  countAttempt,
  createDraft,
  deleteDraft,
  enforceThrottle,
  findDraft,
  saveStep,
  toApiDraft,
  transferPending,
} from "./service";
import { applications } from "./tables";
import { data, documented } from "../lib/openapi";

const doc = documented("Applications");

/** What a step of a draft and its submission are refused with, as both routes answer it. */
const DRAFT_REFUSALS = {
  400: ["captcha", "application_incomplete", "phone_not_found", "already_customer"],
  404: ["not_found"],
  409: ["transfer_pending"],
  429: ["too_many_attempts"],
} satisfies Record<number, ApiErrorCode[]>;

/** Any step's form (the API description; the handler picks the draft's own). */
const anyStep = z.union(
  [TRANSFER_STEP_SCHEMAS, NEW_SUPPLY_STEP_SCHEMAS].flatMap((steps) => Object.values(steps)),
);

const STEP_SCHEMAS: Record<ApplicationKind, Record<string, z.ZodType>> = {
  transfer: TRANSFER_STEP_SCHEMAS,
  new_supply: NEW_SUPPLY_STEP_SCHEMAS,
};

/** The honeypot first: a filled one is a bot, whatever else it sent (as /signup and /contact). */
function checkHoneypot(body: unknown) {
  const website = (body as { website?: unknown } | null)?.website;
  if (typeof website === "string" && website !== "") throw badRequest("captcha");
}

/** The first issue as the API's error body: 400 validation naming the field and the message key. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error, body);
  return result.data;
}

function isUniqueViolation(error: unknown): boolean {
  const texts = [String(error), String((error as { cause?: unknown } | null)?.cause ?? "")];
  return texts.some((text) => text.includes("UNIQUE constraint failed"));
}

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return {};
  }
}

/** The draft id is looked up (findDraft answers an unknown one 404): any text gets that answer. */
const draftId = validate("param", draftParams);

/**
 * Mounted at /api/applications. No sign-in needed (both flows are reachable signed out); the CSRF
 * rule applies to every write. The draft id is the capability: unknown or expired → 404.
 */
export const applicationRoutes = new Hono<ApiEnv>()
  .post(
    "/drafts",
    doc({
      summary: "Start a transfer or new-supply application (a draft)",
      body: { media: "application/json", schema: applicationKindSchema },
      ok: data(apiApplicationDraftSchema, 201, "Created: the draft; its id is the capability"),
      errors: { 400: ["validation"] },
    }),
    async (c) => {
      const { kind } = parse(applicationKindSchema, await jsonBody(c.req.raw));
      const row = await createDraft(c.get("db"), kind);
      return c.json({ data: toApiDraft(row) }, 201);
    },
  )
  .get(
    "/drafts/:id",
    doc({
      summary: "A draft application",
      ok: data(apiApplicationDraftSchema),
      errors: { 404: ["not_found"] },
    }),
    draftId,
    async (c) => {
      const row = await findDraft(c.get("db"), c.req.valid("param").id);
      return c.json({ data: toApiDraft(row) });
    },
  )
  .put(
    "/drafts/:id/steps/:step",
    doc({
      summary: "Save one step of a draft",
      description:
        "The body is the step's form: which one depends on the draft's kind and the step.",
      body: { media: "application/json", schema: anyStep, description: "The fields of the step" },
      ok: data(apiApplicationDraftSchema),
      errors: {
        ...DRAFT_REFUSALS,
      },
    }),
    validate("param", draftStepParams),
    async (c) => {
      const db = c.get("db");
      const { id, step } = c.req.valid("param");
      const draft = await findDraft(db, id);
      const schema = STEP_SCHEMAS[draft.kind][step];
      if (!schema) throw new ApiError(404, "not_found");
      const completed = toApiDraft(draft).completed;
      if (reachableStep(draft.kind, completed, step) !== step) {
        throw badRequest("application_incomplete");
      }
      const body = await jsonBody(c.req.raw);
      checkHoneypot(body);
      const ip = clientIp(c);
      // The throttle before the look-up, even for the right answer (as the login's order).
      if (draft.kind === "transfer" && step === "contact") await enforceThrottle(db, "lookup", ip);
      const { website: _honeypot, ...values } = parse(schema, body) as Record<string, unknown>;
      if (draft.kind === "transfer" && step === "contact") {
        await checkHolder(db, ip, String(values.afm), String(values.phone));
      }
      if (draft.kind === "transfer" && step === "supply") {
        await checkSupply(db, String(values.supply_number));
      }
      const row = await saveStep(
        db,
        draft,
        step,
        values as Record<string, string | number>,
        STEPS[draft.kind],
      );
      return c.json({ data: toApiDraft(row) });
    },
  )
  .post(
    "/drafts/:id/submit",
    doc({
      summary: "Submit a complete draft",
      body: {
        media: "application/json",
        schema: z.union([transferSubmitSchema, newSupplySubmitSchema]),
      },
      ok: data(apiApplicationReceiptSchema, 201, "Submitted; the reference is emailed too"),
      errors: {
        ...DRAFT_REFUSALS,
        400: ["validation", ...DRAFT_REFUSALS[400]],
      },
    }),
    draftId,
    async (c) => {
      const db = c.get("db");
      const draft = await findDraft(db, c.req.valid("param").id);
      const ip = clientIp(c);
      const body = await jsonBody(c.req.raw);
      checkHoneypot(body);
      parse(draft.kind === "transfer" ? transferSubmitSchema : newSupplySubmitSchema, body);
      await enforceThrottle(db, "submit", ip);
      const { values, completed } = toApiDraft(draft);
      if (STEPS[draft.kind].some((step) => !completed.includes(step))) {
        throw badRequest("application_incomplete");
      }
      const lang = c.get("lang");
      // What the steps saved is checked again as a whole: the register or our supplies may have
      // changed since, and the draft is only data until it passes the same schemas.
      let application: { afm: string; email: string; phone: string; supply_number: string | null };
      let payload: Record<string, unknown>;
      let mail: (reference: string) => { subject: string; body: string };
      if (draft.kind === "transfer") {
        const parsed = parse(transferApplicationSchema, values);
        await checkHolder(db, ip, parsed.afm, parsed.phone);
        await checkSupply(db, parsed.supply_number);
        application = { ...parsed, supply_number: parsed.supply_number };
        payload = parsed;
        mail = (reference) => transferEmail(lang, reference, parsed);
      } else {
        const parsed = parse(newSupplyApplicationSchema, values);
        application = {
          afm: parsed.afm,
          email: parsed.email,
          phone: parsed.mobile,
          supply_number: null,
        };
        payload = parsed;
        mail = (reference) => newSupplyEmail(lang, reference, parsed);
      }

      let id: number;
      try {
        // The id is only known after the insert: a unique placeholder reference first (as /contact).
        const [row] = await db
          .insert(applications)
          .values({
            reference: `pending-${randomToken(12)}`,
            kind: draft.kind,
            afm: application.afm,
            email: application.email,
            phone: application.phone,
            supply_number: application.supply_number,
            payload: JSON.stringify(payload),
            user_id: draft.user_id,
            lang,
            ip,
            created_at: nowIso(),
          })
          .returning({ id: applications.id });
        if (!row) throw new ApiError(500, "error");
        id = row.id;
      } catch (error) {
        // Two submissions for the same supply at once: the partial unique index lets one through.
        if (isUniqueViolation(error)) throw transferPending();
        throw error;
      }
      const reference = applicationReference(draft.kind, id, new Date().getUTCFullYear());
      await db.update(applications).set({ reference }).where(eq(applications.id, id));
      await countAttempt(db, "submit", ip);
      await sendEmail(db, {
        to: application.email,
        ...mail(reference),
        template: `application_${draft.kind}`,
        lang,
      });
      await deleteDraft(db, draft.id);
      return c.json(
        {
          data: {
            reference,
            kind: draft.kind,
            email: application.email,
          } satisfies ApiApplicationReceipt,
        },
        201,
      );
    },
  );
