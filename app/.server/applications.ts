import { createCookie, redirect, type RouterContextProvider } from "react-router";
import type {
  ApiApplicationDraft,
  ApiApplicationKind,
  ApiApplicationReceipt,
  ApiUser,
} from "../../api/contract";
import { isSignedIn, getSession } from "../middleware/session";
import { getApi, type ApiFailure, type ApiResult } from "./api";

/**
 * Server side of the transfer (/metavasi) and new-supply (/nea-paroxi) flows. What the customer
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
      const result = await api.request<ApiApplicationDraft>("GET", `/applications/drafts/${id}`, {
        auth: "none",
      });
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
      const put = (id: string) =>
        api.request<ApiApplicationDraft>("PUT", `/applications/drafts/${id}/steps/${step}`, {
          auth: "none",
          body: values,
        });
      const existing = await draftId();
      if (existing) {
        const result = await put(existing);
        if (result.ok || result.code !== "not_found") return { result, setCookie: null };
      }
      const created = await api.request<ApiApplicationDraft>("POST", "/applications/drafts", {
        auth: "none",
        body: { kind },
      });
      if (!created.ok) return { result: created, setCookie: null };
      return {
        result: await put(created.data.id),
        setCookie: await cookie.serialize(created.data.id),
      };
    },

    async submit(body: Record<string, unknown>): Promise<ApiResult<ApiApplicationReceipt>> {
      const id = await draftId();
      if (!id) return { ok: false, status: 404, code: "not_found" } satisfies ApiFailure;
      return api.request<ApiApplicationReceipt>("POST", `/applications/drafts/${id}/submit`, {
        auth: "none",
        body,
      });
    },

    /** Set-Cookie that forgets the draft (after a submission). */
    clearCookie() {
      return cookie.serialize("", { maxAge: 0 });
    },

    /** The signed-in customer's VAT, email and mobile, to prefill the first step. */
    async prefill(): Promise<Record<string, string>> {
      if (!isSignedIn(getSession(args.context))) return {};
      const me = await api.request<ApiUser>("GET", "/v2/me", { onAuthFailure: "return" });
      if (!me.ok) return {};
      return {
        afm: me.data.username,
        email: me.data.registration_email,
        ...(me.data.registration_phone
          ? { phone: me.data.registration_phone, mobile: me.data.registration_phone }
          : {}),
      };
    },
  };
}

/** PRG to a step of the flow, carrying a new draft cookie when one was started. */
export function redirectToStep(path: string, step: string, setCookie: string | null) {
  return redirect(`${path}?step=${step}`, {
    status: 303,
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });
}

/** What an API failure of a flow means for the form: a field's error or the form's. */
export function failureMessage(
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
