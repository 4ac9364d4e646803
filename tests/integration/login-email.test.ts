import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, DEMO_PASSWORD } from "../../seed/accounts.ts";
import { createClient, tokenOf } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #35 §5: every person signs in with the settings' email once it is proven (users.email_verified,
 * migrations/0022), a household too. An unproven, unknown or shared address answers exactly as a
 * wrong password (nothing tells whether it is a customer's); a shared one, with the right
 * password, is told to use the VAT. The real Worker on a local D1.
 */

let server: TestServer;
let api: ReturnType<typeof createClient>;

const { household, company } = DEMO;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const signIn = (name: string, password = DEMO_PASSWORD) =>
  api.call("/v2/auth/login", { method: "POST", basic: [name, password] });

describe("#35 sign-in with a verified email", () => {
  it("signs the household in with its own email, in any case", async () => {
    const result = await signIn(`  ${household.email.toUpperCase()} `);
    expect(result.status).toBe(200);
    const me = await api.call("/v2/me", { token: result.body.data.access_token });
    expect(me.body.data.id).toBe(household.userId);
  });

  it("answers an unproven email as a wrong password, and as an unknown email", async () => {
    const wrong = await signIn(household.email, "Wrong2026!");
    expect([wrong.status, wrong.code]).toEqual([400, "wrong_credentials"]);
    const unknown = await signIn("nobody-here@example.gr");
    expect(unknown.body).toEqual(wrong.body);
    server.query(`UPDATE users SET email_verified = 0 WHERE id = ${household.userId}`);
    try {
      // The right password: still the same answer, nothing tells that the address is a customer's.
      const unproven = await signIn(household.email);
      expect([unproven.status, unproven.body]).toEqual([400, wrong.body]);
      // The VAT still signs in.
      expect((await signIn(household.vat)).status).toBe(200);
    } finally {
      server.query(`UPDATE users SET email_verified = 1 WHERE id = ${household.userId}`);
    }
  });

  it("a changed email in the settings does not sign in until a link sent to it is followed", async () => {
    server.query(
      `UPDATE users SET registration_email = 'new.address@example.gr', email_verified = 0 WHERE id = ${household.userId}`,
    );
    try {
      expect((await signIn("new.address@example.gr")).code).toBe("wrong_credentials");
      // A reset asked with the new address goes to it; following it proves the address.
      expect(
        (await api.call("/v2/auth/password-reset", { body: { afm: "new.address@example.gr" } }))
          .status,
      ).toBe(204);
      const mail = (await api.outbox()).findLast(
        (m) => m.user_id === household.userId && m.link?.startsWith("/reset-password/"),
      );
      expect(mail?.recipient).toBe("new.address@example.gr");
      const resetToken = tokenOf(mail?.link);
      const confirm = await api.call("/v2/auth/password-reset/confirm", {
        body: { token: resetToken, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
      });
      expect(confirm.status).toBe(204);
      expect((await signIn("new.address@example.gr")).status).toBe(200);
    } finally {
      server.query(
        `UPDATE users SET registration_email = '${household.email}', email_verified = 1 WHERE id = ${household.userId}`,
      );
    }
  });

  it("refuses an email on two accounts: the right password hears to use the VAT", async () => {
    // The company's holder signs in with a name that is the household's address (an edge case the
    // unique columns allow: one person's username, another's settings email).
    server.query(`UPDATE users SET username = '${household.email}' WHERE id = ${company.userId}`);
    try {
      const right = await signIn(household.email);
      expect([right.status, right.code]).toEqual([400, "email_several_accounts"]);
      const wrong = await signIn(household.email, "Wrong2026!");
      expect([wrong.status, wrong.code]).toEqual([400, "wrong_credentials"]);
    } finally {
      server.query(`UPDATE users SET username = '${company.vat}' WHERE id = ${company.userId}`);
    }
  });
});
