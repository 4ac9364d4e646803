import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient, tokenOf } from "./client";
import { startServer, type TestServer } from "./server";

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

const person = DEMO.signupPerson;
const company = DEMO.signupCompany;

const form = (overrides: Record<string, unknown> = {}) => ({
  afm: person.vat,
  supply_number: person.perCode,
  phone: person.phone,
  email: "sofia.makri@example.gr",
  password: "Signup2026!",
  password_confirmation: "Signup2026!",
  terms: true,
  website: "",
  ...overrides,
});

/**
 * Each test is its own client (CF-Connecting-IP, which wrangler dev takes from the request): the
 * API allows 10 sign-ups an hour per client address (tests/security/throttle.test.ts tests that).
 */
let client = "";
let clients = 0;
beforeEach(() => {
  clients++;
  client = `198.51.100.${clients}`;
});
const signup = (body: unknown, lang?: "el" | "en") =>
  api.call("/signup", { body, lang, headers: { "cf-connecting-ip": client } });

describe("POST /signup validation", () => {
  it.each([
    ["afm", { afm: "123456789" }],
    ["afm", { afm: "12345" }],
    ["supply_number", { supply_number: "1234" }],
    ["phone", { phone: "2101234567" }],
    ["phone", { phone: "691234567" }],
    ["email", { email: "not-an-email" }],
    ["password", { password: "short1A", password_confirmation: "short1A" }],
    ["password", { password: "alllowercase1", password_confirmation: "alllowercase1" }],
    ["password", { password: "Has space 2026", password_confirmation: "Has space 2026" }],
    ["terms", { terms: false }],
    ["terms", { terms: undefined }],
  ])("answers 400 validation naming %s", async (field, overrides) => {
    const r = await signup(form(overrides));
    expect(r.status).toBe(400);
    expect(r.code).toBe("validation");
    expect(r.field).toBe(field);
  });

  it("answers captcha when the honeypot is filled, before anything else", async () => {
    expect((await signup(form({ website: "http://spam" }))).code).toBe("captcha");
    expect((await signup({ website: "x" })).code).toBe("captcha");
  });

  it("answers passwords_mismatch", async () => {
    const r = await signup(form({ password_confirmation: "Other2026!" }));
    expect([r.status, r.code]).toEqual([400, "passwords_mismatch"]);
  });

  it("answers no_customer for an unknown VAT, a supply that is not the customer's, or the wrong phone", async () => {
    expect((await signup(form({ afm: "094014201" }))).code).toBe("no_customer");
    expect((await signup(form({ supply_number: DEMO.household.mainPerCode }))).code).toBe(
      "no_customer",
    );
    expect((await signup(form({ supply_number: "12345678901234" }))).code).toBe("no_customer");
    expect((await signup(form({ phone: "6999999999" }))).code).toBe("no_customer");
  });

  it("needs the employee name for a legal person", async () => {
    const r = await signup(
      form({
        afm: company.vat,
        supply_number: company.perCode,
        phone: company.phone,
        email: "gamma@example.gr",
      }),
    );
    expect([r.status, r.code, r.field]).toEqual([400, "employee_name_required", "employee_name"]);
  });

  it("answers already_active for a customer whose account is active", async () => {
    const h = DEMO.household;
    const r = await signup(
      form({ afm: h.vat, supply_number: h.mainPerCode, phone: h.phone, email: "new@example.gr" }),
    );
    expect([r.status, r.code]).toEqual([400, "already_active"]);
  });

  it("answers email_in_use and mobile_in_use", async () => {
    const taken = await signup(form({ email: DEMO.household.email.toUpperCase() }));
    expect([taken.status, taken.code, taken.field]).toEqual([400, "email_in_use", "email"]);
    // Make another account use the company's declared mobile.
    server.query(
      `update users set registration_phone = '${company.phone}' where id = ${DEMO.firstLogin.userId}`,
    );
    const mobile = await signup(
      form({
        afm: company.vat,
        supply_number: company.perCode,
        phone: company.phone,
        email: "gamma@example.gr",
        employee_name: company.employeeName,
      }),
    );
    expect([mobile.status, mobile.code, mobile.field]).toEqual([400, "mobile_in_use", "phone"]);
    server.query(
      `update users set registration_phone = '${DEMO.firstLogin.phone}' where id = ${DEMO.firstLogin.userId}`,
    );
  });
});

describe("sign-up to first login", () => {
  it("creates the account, emails the activation link, activates once, then logs in", async () => {
    const created = await signup(form(), "en");
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { ok: true } });

    const mail = (await api.outbox()).find((m) => m.recipient === "sofia.makri@example.gr");
    expect(mail?.subject).toBe("Activate your account");
    expect(mail?.link).toMatch(/^\/activate\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.body).toContain(`${server.baseUrl}${mail?.link}`);

    const before = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [person.vat, "Signup2026!"],
    });
    expect(before.code).toBe("not_active");

    expect(
      (await api.call("/v2/auth/activate", { body: { id: tokenOf(mail?.link) } })).status,
    ).toBe(204);
    const again = await api.call("/v2/auth/activate", { body: { id: tokenOf(mail?.link) } });
    expect([again.status, again.code]).toEqual([400, "bad_activation_url"]);

    const tokens = await api.login(person.vat, "Signup2026!");
    const me = (await api.call("/v2/me", { token: tokens.access_token })).body.data;
    expect(me).toMatchObject({
      username: person.vat,
      name: person.name,
      welcome_name: person.name.split(" ")[0],
      lang: "en",
      registration_phone: person.phone,
      needs_activation: 0,
      status: "active",
      is_legal_person: 0,
    });
    const audit = server.query<{ action: string }>(
      `select action from audit_log where user_id = ${me.id} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(["signup", "activation", "login_success"]),
    );
  });

  it("a second sign-up of the now active customer answers already_active", async () => {
    expect((await signup(form({ email: "other@example.gr" }))).code).toBe("already_active");
  });

  it("signs up a legal person with the employee's name as welcome name (Greek email)", async () => {
    const r = await signup(
      form({
        afm: company.vat,
        supply_number: company.perCode,
        phone: company.phone,
        email: "gamma@example.gr",
        employee_name: company.employeeName,
      }),
    );
    expect(r.status).toBe(201);
    const mail = (await api.outbox()).find((m) => m.recipient === "gamma@example.gr");
    expect(mail?.subject).toBe("Ενεργοποίηση λογαριασμού");
    await api.call("/v2/auth/activate", { body: { id: tokenOf(mail?.link) } });
    const tokens = await api.login(company.vat, "Signup2026!");
    const me = (await api.call("/v2/me", { token: tokens.access_token })).body.data;
    expect(me).toMatchObject({
      welcome_name: company.employeeName,
      employee_name: company.employeeName,
      is_legal_person: 1,
      lang: "el",
    });
  });

  it("re-sends the activation email to a registered but not activated customer (201)", async () => {
    const u = DEMO.unactivated;
    const [meter] = server.query<{ per_code: string }>(
      `select per_code from meters where id = ${u.meterId}`,
    );
    const before = (await api.outbox()).filter((m) => m.recipient === u.email).length;
    const r = await signup(
      form({
        afm: u.vat,
        supply_number: meter?.per_code,
        phone: u.phone,
        email: "ignored@example.gr",
      }),
    );
    expect(r.status).toBe(201);
    const mails = (await api.outbox()).filter((m) => m.recipient === u.email);
    expect(mails.length).toBe(before + 1);
    // Both the seeded link and the new one work until one of them is used.
    expect(
      (await api.call("/v2/auth/activate", { body: { id: tokenOf(mails[0]?.link) } })).status,
    ).toBe(204);
    expect((await api.login(u.vat)).user_id).toBe(u.userId);
  });

  it("refuses unknown activation ids", async () => {
    const r = await api.call("/v2/auth/activate", { body: { id: "x".repeat(43) } });
    expect([r.status, r.code]).toEqual([400, "bad_activation_url"]);
  });
});

describe("password reset", () => {
  const h = DEMO.household;

  it("always answers 204 and only emails activated accounts", async () => {
    const count = async () => (await api.outbox()).length;
    const start = await count();
    expect((await api.call("/v2/auth/password-reset", { body: { afm: "094014201" } })).status).toBe(
      204,
    );
    expect(await count()).toBe(start);
    expect((await api.call("/v2/auth/password-reset", { body: { afm: h.vat } })).status).toBe(204);
    expect(await count()).toBe(start + 1);
  });

  it("sets a new password through the emailed link once and ends all sessions", async () => {
    const session = await api.login(h.vat);
    await api.call("/v2/auth/password-reset", { body: { afm: h.vat }, lang: "en" });
    const mail = (await api.outbox()).find((m) => m.recipient === h.email);
    expect(mail?.subject).toBe("Reset your password");
    expect(mail?.link).toMatch(/^\/reset-password\//);
    const token = tokenOf(mail?.link);
    const confirm = (body: Record<string, string>) =>
      api.call("/v2/auth/password-reset/confirm", { body: { token, ...body } });

    const unknown = await api.call("/v2/auth/password-reset/confirm", {
      body: { token: "nope", password: "Reset2026!", password_confirmation: "Reset2026!" },
    });
    expect([unknown.status, unknown.code]).toEqual([400, "invalid_data"]);
    const weak = await confirm({ password: "weak", password_confirmation: "weak" });
    expect([weak.status, weak.code, weak.field]).toEqual([400, "invalid_data", "password"]);
    const mismatch = await confirm({ password: "Reset2026!", password_confirmation: "Reset2027!" });
    expect([mismatch.status, mismatch.code]).toEqual([400, "passwords_mismatch"]);

    expect(
      (await confirm({ password: "Reset2026!", password_confirmation: "Reset2026!" })).status,
    ).toBe(204);
    expect((await api.call("/v2/me", { token: session.access_token })).status).toBe(403);
    expect((await api.login(h.vat, "Reset2026!")).user_id).toBe(h.userId);

    const reused = await confirm({ password: "Again2026!", password_confirmation: "Again2026!" });
    expect([reused.status, reused.code]).toEqual([400, "link_expired"]);
  });

  it("answers link_expired for an expired link", async () => {
    await api.call("/v2/auth/password-reset", { body: { afm: h.vat } });
    const mail = (await api.outbox()).find((m) => m.recipient === h.email);
    server.query(
      `update action_tokens set expires_at = '2000-01-01T00:00:00.000Z' where purpose = 'reset' and used_at is null`,
    );
    const r = await api.call("/v2/auth/password-reset/confirm", {
      body: {
        token: tokenOf(mail?.link),
        password: "Later2026!",
        password_confirmation: "Later2026!",
      },
    });
    expect([r.status, r.code]).toEqual([400, "link_expired"]);
  });
});

describe("POST /contact", () => {
  const message = {
    name: "Μαρία Π.",
    email: "maria@example.gr",
    subject: "Ερώτηση",
    message: "Πότε έρχεται ο λογαριασμός;",
    website: "",
  };

  it("stores the request, answers a reference and emails a confirmation", async () => {
    const r = await api.call("/contact", { body: { ...message, phone: "6900000001" } });
    expect(r.status).toBe(201);
    expect(r.body.data.reference).toMatch(/^C-\d{4}-\d{6}$/);
    const mail = (await api.outbox()).find((m) => m.recipient === "maria@example.gr");
    expect(mail?.subject).toContain(r.body.data.reference);
    const [row] = server.query<{ kind: string; payload: string }>(
      `select kind, payload from requests where reference = '${r.body.data.reference}'`,
    );
    expect(row?.kind).toBe("contact");
    expect(JSON.parse(row?.payload ?? "{}")).toMatchObject({
      name: "Μαρία Π.",
      phone: "6900000001",
    });
  });

  it("validates, checks the honeypot and the CSRF rule", async () => {
    const bad = await api.call("/contact", { body: { ...message, email: "nope" } });
    expect([bad.status, bad.code, bad.field]).toEqual([400, "validation", "email"]);
    const phone = await api.call("/contact", { body: { ...message, phone: "123" } });
    expect(phone.field).toBe("phone");
    expect((await api.call("/contact", { body: { ...message, website: "x" } })).code).toBe(
      "captcha",
    );
    const csrf = await api.call("/contact", { body: message, origin: false });
    expect([csrf.status, csrf.code]).toEqual([403, "csrf"]);
  });
});
