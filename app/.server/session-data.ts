import type { Session } from "react-router";

/**
 * Shapes of the portal's cookie session. Kept free of Worker types so that unit tests (Node)
 * can import them; app/middleware/session.ts re-exports everything.
 */
export interface SessionData {
  access_token?: string;
  refresh_token?: string;
  user_id?: number;
  selected_meter_id?: number;
  skin?: 1 | 2 | 3;
  /** Epoch ms when the user signed in (absolute timeout). */
  created_at?: number;
  /** Epoch ms of the last request (idle timeout); refreshed at most once a minute. */
  last_seen?: number;
  /** The pay-several dialog was closed in this session (overview); it stays closed until sign-out. */
  pay_several_dismissed?: 1;
  /**
   * The language chosen before sign-in differs from the profile's: the portal offers
   * once to save it. Removed when the customer saves it or answers "not now".
   */
  lang_prompt?: "el" | "en";
  /**
   * The D1 bookmark of the customer's last write through the API (x-d1-bookmark), sent with every
   * later API call so that a read replica answers only once it has that write (ADR 0010,
   * "read your own writes").
   */
  d1_bookmark?: string;
}

/** A one-shot message: `key` is a full i18next key such as "auth:notice.sessionExpired". */
export interface FlashMessage {
  type: "success" | "error";
  key: string;
}

export interface SessionFlashData {
  /** Shown once by the root layout (shell helper): toasts on any page. */
  toast?: FlashMessage;
  /** Shown once above the login form, or by the page that set it (activation, reset, …). */
  notice?: FlashMessage;
}

export type PortalSession = Session<SessionData, SessionFlashData>;

export const SESSION_KEYS: (keyof SessionData)[] = [
  "access_token",
  "refresh_token",
  "user_id",
  "selected_meter_id",
  "skin",
  "created_at",
  "last_seen",
  "pay_several_dismissed",
  "lang_prompt",
  "d1_bookmark",
];

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** last_seen is written at most this often, so ordinary page views don't rewrite the cookie. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

export function isSignedIn(session: PortalSession): boolean {
  return Boolean(session.get("access_token") && session.get("refresh_token"));
}

/** Removes every key (tokens and UI state); the middleware then expires the cookie. */
export function clearSession(session: PortalSession): void {
  for (const key of SESSION_KEYS) session.unset(key);
}

/** Idle and absolute timeouts as a pure function. */
export function sessionTimedOut(
  data: Pick<SessionData, "created_at" | "last_seen">,
  now: number,
): boolean {
  const { created_at: createdAt, last_seen: lastSeen } = data;
  if (typeof createdAt === "number" && now - createdAt > ABSOLUTE_TIMEOUT_MS) return true;
  if (typeof lastSeen === "number" && now - lastSeen > IDLE_TIMEOUT_MS) return true;
  return false;
}

/** Stores a fresh pair of API tokens: a new sign-in replaces everything (session rotation). */
export function startSession(
  session: PortalSession,
  tokens: { access_token: string; refresh_token: string; user_id: number },
  now: number,
): void {
  clearSession(session);
  session.set("access_token", tokens.access_token);
  session.set("refresh_token", tokens.refresh_token);
  session.set("user_id", tokens.user_id);
  session.set("created_at", now);
  session.set("last_seen", now);
}
