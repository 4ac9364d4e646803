import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type {
  ApiApplicationDraft,
  ApiApplicationKind,
  ApiApplicationReceipt,
} from "../../core/contract";
import { nextStep, reachableStep, REFERENCE_PATTERN, STEPS } from "../../core/applications/rules";
import type { FlowActionData } from "../components/applications/FlowParts";
import { isSignedIn, getSession } from "../middleware/session";
import { getApi, type ApiFailure, type ApiResult } from "./api";
import {
  applicationDraft,
  saveApplicationStep,
  startApplicationDraft,
  submitApplication,
} from "./api/applications";
import { currentUser } from "./api/users";
import { NO_STORE } from "./no-store";

/**
 * Server side of the transfer (/metavasi) and new-supply (/nea-paroxi) flows: the draft API, and
 * the loader and action both pages share (`flowLoader`, `flowAction`). What the customer
 * typed lives in a draft on the API (D1); the portal only keeps the draft's random id in a
 * short-lived HttpOnly cookie (one per flow), so a reload, Back or a lost answer never
 * loses a step, with or without JavaScript.
 */

const DRAFT_MAX_AGE = 2 * 24 * 3600;

const cookies = new Map<string, ReturnType<typeof createCookie>>();

function draftCookie(kind: ApiApplicationKind, request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  const name = kind === "transfer" ? "transfer_draft" : "new_supply_draft";
  const key = `${name}:${secure}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      // Not the flow's path: with JavaScript the data requests go to /metavasi.data, which a
      // cookie of path /metavasi would not reach.
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: DRAFT_MAX_AGE,
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export function applicationsApi(args: Args, kind: ApiApplicationKind) {
  const api = getApi(args);
  const cookie = draftCookie(kind, args.request);

  async function draftId(): Promise<string | null> {
    const value: unknown = await cookie.parse(args.request.headers.get("cookie"));
    return typeof value === "string" && /^[\w-]{16,64}$/.test(value) ? value : null;
  }

  return {
    /** The live draft of this browser, or null (none yet, expired, or the API is unreachable). */
    async draft(): Promise<ApiApplicationDraft | null> {
      const id = await draftId();
      if (!id) return null;
      const result = await applicationDraft(api, id);
      return result.ok && result.data.kind === kind ? result.data : null;
    },

    /**
     * Saves one step into this browser's draft, starting a new draft when there is none (or it
     * expired). `setCookie` is the header to send along when a new draft was started.
     */
    async saveStep(
      step: string,
      values: Record<string, unknown>,
    ): Promise<{ result: ApiResult<ApiApplicationDraft>; setCookie: string | null }> {
      const put = (id: string) => saveApplicationStep(api, id, step, values);
      const existing = await draftId();
      if (existing) {
        const result = await put(existing);
        if (result.ok || result.code !== "not_found") return { result, setCookie: null };
      }
      const created = await startApplicationDraft(api, kind);
      if (!created.ok) return { result: created, setCookie: null };
      return {
        result: await put(created.data.id),
        setCookie: await cookie.serialize(created.data.id),
      };
    },

    async submit(body: Record<string, unknown>): Promise<ApiResult<ApiApplicationReceipt>> {
      const id = await draftId();
      if (!id) return { ok: false, status: 404, code: "not_found" } satisfies ApiFailure;
      return submitApplication(api, id, body);
    },

    /** Set-Cookie that forgets the draft (after a submission). */
    clearCookie() {
      return cookie.serialize("", { maxAge: 0 });
    },

    /** The signed-in customer's VAT, email and mobile, to prefill the first step. */
    async prefill(): Promise<Record<string, string>> {
      if (!isSignedIn(getSession(args.context))) return {};
      const me = await currentUser(api);
      if (!me.ok) return {};
      return {
        // The account's VAT, never the sign-in name: an invited person signs in with an email.
        afm: me.data.afm,
        email: me.data.registration_email,
        ...(me.data.registration_phone
          ? { phone: me.data.registration_phone, mobile: me.data.registration_phone }
          : {}),
      };
    },
  };
}

/** PRG to a step of the flow, carrying a new draft cookie when one was started. */
function redirectToStep(path: string, step: string, setCookie: string | null) {
  return redirect(`${path}?step=${step}`, {
    status: 303,
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });
}

/** What an API failure of a flow means for the form: a field's error or the form's. */
function failureMessage(
  failure: ApiFailure,
  ns: "transfer" | "newSupply",
  fields: readonly string[],
): { field?: string; message: string; status: number } {
  if (failure.field && fields.includes(failure.field) && failure.message) {
    return { field: failure.field, message: failure.message, status: failure.status };
  }
  switch (failure.code) {
    case "captcha":
      return { message: `${ns}:errors.spam`, status: 400 };
    case "too_many_attempts":
      return { message: `${ns}:errors.tooMany`, status: 429 };
    case "not_found":
    case "application_incomplete":
      return { message: `${ns}:errors.expired`, status: 400 };
    default:
      return {
        message: failure.message?.includes(":") ? failure.message : `${ns}:errors.failed`,
        status: failure.status >= 500 || failure.status === 0 ? 503 : 400,
      };
  }
}

/** What tells the two flows apart for their loader and action. */
export interface FlowConfig {
  kind: ApiApplicationKind;
  /** The page's translation namespace, for the form messages. */
  ns: "transfer" | "newSupply";
  path: string;
  /** The reference numbers of this flow start with it ("T-", "N-"). */
  referencePrefix: string;
  /** The form schema of each step that collects data. */
  stepSchemas: Readonly<Record<string, z.ZodObject>>;
  /** The review step's schema (the consent). */
  submitSchema: z.ZodObject;
  /** Which of the account's details prefill the first step (default: all of them). */
  prefill?: (account: Record<string, string>) => Record<string, string>;
}

type Values = Record<string, string>;

/** The pages' `headers`: a step's page is never cached (it shows what the customer typed). */
export function flowHeaders() {
  return NO_STORE;
}

const asStrings = (values: Record<string, string | number> | undefined): Values =>
  Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));

/**
 * The page's data: the done page after a submission (`?done=` with a reference of this flow),
 * otherwise the step the customer may open and what the draft (or the account) holds.
 */
export async function flowLoader(args: Args, config: FlowConfig) {
  const url = new URL(args.request.url);
  const done = url.searchParams.get("done");
  if (done && REFERENCE_PATTERN.test(done) && done.startsWith(config.referencePrefix)) {
    return data(
      { reference: done, step: "done", completed: [] as string[], values: {} as Values },
      { headers: NO_STORE },
    );
  }
  const flow = applicationsApi(args, config.kind);
  const [draft, account] = await Promise.all([flow.draft(), flow.prefill()]);
  const completed = draft?.completed ?? [];
  const prefill = config.prefill ? config.prefill(account) : account;
  return data(
    {
      reference: null,
      step: reachableStep(config.kind, completed, url.searchParams.get("step")),
      completed,
      values: { ...prefill, ...asStrings(draft?.values) },
    },
    { headers: NO_STORE },
  );
}

const reply = (body: FlowActionData, status: number, setCookie?: string | null) =>
  data<FlowActionData>(body, {
    status,
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });

/**
 * The post of a step (`intent`: the step, or "review"): checked, saved into the draft, then
 * Post/Redirect/Get to the next step; the review submits the draft and shows the done page.
 * A failure answers with the form's values and the message next to its field or above the form.
 */
export async function flowAction(args: Args, config: FlowConfig) {
  const { kind, ns, path, stepSchemas, submitSchema } = config;
  const formData = await args.request.formData();
  const step = String(formData.get("intent") ?? "");
  const flow = applicationsApi(args, kind);
  const stepSchema = Object.hasOwn(stepSchemas, step) ? stepSchemas[step] : undefined;
  if (formData.get("website")) {
    // Honeypot: a person never sees it. Nothing is saved; the form still shows what was sent.
    const schema = step === "review" ? submitSchema : stepSchema;
    const result = schema ? parseWithZod(formData, { schema }).reply() : undefined;
    return reply({ step, result, formError: `${ns}:errors.spam` }, 400);
  }

  if (step === "review") {
    const submission = parseWithZod(formData, { schema: submitSchema });
    if (submission.status !== "success") return reply({ step, result: submission.reply() }, 400);
    const result = await flow.submit({ consent: true });
    if (result.ok) {
      throw redirect(`${path}?done=${encodeURIComponent(result.data.reference)}`, {
        status: 303,
        headers: { "Set-Cookie": await flow.clearCookie() },
      });
    }
    const failure = failureMessage(result, ns, []);
    return reply({ step, result: submission.reply(), formError: failure.message }, failure.status);
  }

  if (!STEPS[kind].includes(step) || !stepSchema) {
    return reply({ step, formError: `${ns}:errors.failed` }, 400);
  }
  const submission = parseWithZod(formData, { schema: stepSchema });
  if (submission.status !== "success") return reply({ step, result: submission.reply() }, 400);
  const { website: _honeypot, ...values } = submission.value;
  const { result, setCookie } = await flow.saveStep(step, values);
  if (result.ok) throw redirectToStep(path, nextStep(kind, step), setCookie);
  // A step before this one is missing (the draft expired meanwhile): the flow starts again.
  if (result.code === "application_incomplete") {
    throw redirectToStep(path, STEPS[kind][0] ?? "", setCookie);
  }
  const failure = failureMessage(result, ns, Object.keys(stepSchema.shape));
  return reply(
    {
      step,
      result: submission.reply(
        failure.field ? { fieldErrors: { [failure.field]: [failure.message] } } : undefined,
      ),
      formError: failure.field ? undefined : failure.message,
    },
    failure.status,
    setCookie,
  );
}
