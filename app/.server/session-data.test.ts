import { createSession } from "react-router";
import { describe, expect, it } from "vitest";
import {
  ABSOLUTE_TIMEOUT_MS,
  clearSession,
  IDLE_TIMEOUT_MS,
  isSignedIn,
  sessionTimedOut,
  startSession,
  type SessionData,
  type SessionFlashData,
} from "./session-data";

describe("session timeouts", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it("is live within 30 idle minutes and 12 hours", () => {
    expect(
      sessionTimedOut(
        { created_at: now - ABSOLUTE_TIMEOUT_MS + 1000, last_seen: now - IDLE_TIMEOUT_MS + 1000 },
        now,
      ),
    ).toBe(false);
  });
  it("times out after 30 idle minutes", () => {
    expect(
      sessionTimedOut({ created_at: now - 60_000 * 40, last_seen: now - IDLE_TIMEOUT_MS - 1 }, now),
    ).toBe(true);
  });
  it("times out 12 hours after sign-in however active", () => {
    expect(
      sessionTimedOut({ created_at: now - ABSOLUTE_TIMEOUT_MS - 1, last_seen: now }, now),
    ).toBe(true);
  });
});

describe("session lifecycle", () => {
  it("a sign-in replaces everything; clearing removes everything", () => {
    const session = createSession<SessionData, SessionFlashData>({ selected_meter_id: 9, skin: 2 });
    startSession(session, { access_token: "a", refresh_token: "r", user_id: 7 }, 1000);
    expect(session.data).toEqual({
      access_token: "a",
      refresh_token: "r",
      user_id: 7,
      created_at: 1000,
      last_seen: 1000,
    });
    expect(isSignedIn(session)).toBe(true);
    clearSession(session);
    expect(session.data).toEqual({});
    expect(isSignedIn(session)).toBe(false);
  });
});
