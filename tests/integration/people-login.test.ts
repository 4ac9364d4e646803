import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #18: the people of a company's account sign in with their email (the real Worker, local D1).
 * The login name is a VAT or an email, trimmed and lower-cased; a person removed from the account
 * answers exactly as an unknown name; a success stamps users.last_login_at.
 */

let server: TestServer;
let api: ReturnType<typeof createClient>;

const { admin, user } = DEMO.largeCompany.people;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const signIn = (name: string, password = "Demo2026!") =>
  api.call("/v2/auth/login", { method: "POST", basic: [name, password] });

describe("#18 sign-in by email", () => {
  it("signs the invited admin in with their email and Demo2026!, and stamps last_login_at", async () => {
    const before = server.query<{ last_login_at: string | null }>(
      `SELECT last_login_at FROM users WHERE id = ${admin.userId}`,
    )[0]?.last_login_at;
    const result = await signIn(admin.email);
    expect(result.status).toBe(200);
    expect(result.body.data.access_token).toEqual(expect.any(String));
    expect(result.body.data.refresh_token).toEqual(expect.any(String));
    const after = server.query<{ last_login_at: string | null }>(
      `SELECT last_login_at FROM users WHERE id = ${admin.userId}`,
    )[0]?.last_login_at;
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    // The tokens are the admin's: /v2/me names them and their role.
    const me = await api.call("/v2/me", { token: result.body.data.access_token });
    expect(me.status).toBe(200);
    expect([me.body.data.id, me.body.data.test_role]).toEqual([admin.userId, "admin"]);
  });

  it("takes the email in any case and with spaces around it", async () => {
    const result = await signIn("  ADMIN@Beta.Example ");
    expect(result.status).toBe(200);
    expect(result.body.data.access_token).toEqual(expect.any(String));
  });

  it("still signs the holder in with the VAT", async () => {
    expect((await signIn(DEMO.largeCompany.vat)).status).toBe(200);
  });

  it("answers a wrong password for an email as for a VAT", async () => {
    const result = await signIn(user.email, "Wrong2026!");
    expect([result.status, result.code]).toEqual([400, "wrong_credentials"]);
  });

  it("answers a removed person exactly like an unknown name", async () => {
    const unknown = await signIn("nobody@beta.example");
    // An unknown email answers as a wrong password (#35 §5: no telling which addresses exist).
    expect([unknown.status, unknown.code]).toEqual([400, "wrong_credentials"]);
    server.query(
      `UPDATE users SET removed_at = '2026-11-01T00:00:00.000Z' WHERE id = ${user.userId}`,
    );
    const removed = await signIn(user.email);
    expect([removed.status, removed.code]).toEqual([unknown.status, unknown.code]);
    expect(removed.body).toEqual(unknown.body);
    // Even with the right password: nothing tells that the account existed.
    expect((await signIn(user.email.toUpperCase())).body).toEqual(unknown.body);
  });

  it("sends a password reset for an email (any case), never for a removed person", async () => {
    const sent = (await api.outbox()).length;
    const reset = await api.call("/v2/auth/password-reset", {
      body: { afm: " Admin@Beta.example" },
    });
    expect(reset.status).toBe(204);
    const mails = await api.outbox();
    expect(mails.length).toBe(sent + 1);
    expect(
      mails.some((m) => m.user_id === admin.userId && m.link?.startsWith("/reset-password/")),
    ).toBe(true);
    const removed = await api.call("/v2/auth/password-reset", { body: { afm: user.email } });
    expect(removed.status).toBe(204);
    expect((await api.outbox()).length).toBe(sent + 1);
  });
});
