import { createSession } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionData, SessionFlashData } from "../session-data";
import { login, logout, signup } from "./auth";
import { createClient } from "./client";
import { apiError, fakeTransport, json, signedInSession } from "./testing";

describe("signing in and out (api/auth)", () => {
  it("logout never throws, even when the session is already gone", async () => {
    const { transport, calls } = fakeTransport(() => apiError(401, "unauthorized"));
    const client = createClient({ transport, session: signedInSession(), language: "el" });
    await expect(logout(client)).resolves.toBeUndefined();
    expect(calls.map((c) => c.path)).toEqual(["/v2/auth/logout", "/v2/auth/refresh-token"]);
    expect(calls[0]?.body).toEqual({ user_id: 7 });
  });

  it("logs in with Basic authorization (UTF-8) and no bearer", async () => {
    const { transport, calls } = fakeTransport(() =>
      json({ data: { access_token: "a", refresh_token: "r", user_id: 7 } }),
    );
    const session = createSession<SessionData, SessionFlashData>();
    const client = createClient({ transport, session, language: "el" });
    const result = await login(client, "100000003", "Κωδικός1");
    expect(result).toEqual({
      ok: true,
      status: 200,
      data: { access_token: "a", refresh_token: "r", user_id: 7 },
    });
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(calls[0]?.authorization?.replace("Basic ", "") ?? ""), (c) =>
        c.charCodeAt(0),
      ),
    );
    expect(decoded).toBe("100000003:Κωδικός1");
    expect(calls[0]?.body).toBeUndefined();
  });

  it("returns the API's error code and field for user-facing calls", async () => {
    const { transport } = fakeTransport(() => apiError(400, "email_in_use", "email"));
    const client = createClient({ transport, session: createSession(), language: "el" });
    const result = await signup(client, {
      afm: "800000002",
      supply_number: "123456789",
      phone: "6912345678",
      email: "a@b.gr",
      password: "Demo2026!",
      password_confirmation: "Demo2026!",
      terms: true,
    });
    expect(result).toEqual({ ok: false, status: 400, code: "email_in_use", field: "email" });
  });
});
