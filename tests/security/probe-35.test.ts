/**
 * Issue #35 §8 "What a probe found": one describe per point, against the real Worker (wrangler
 * dev, a fresh local D1). Each failed on the code before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import {
  NOT_PERSONAL_FIELDS,
  PERSONAL_FIELDS,
  TOKEN_SCOPES,
  isPersonalField,
  redactPersonal,
} from "../../core/access-tokens.ts";
import * as contract from "../../core/contract/index.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import path from "node:path";
import { apiRoutes, createPortal, fill, paramsOf, root } from "./support.ts";

let server: TestServer;
let api: ReturnType<typeof createClient>;
const tokens: Record<string, string> = {};

const team = DEMO.largeCompany;
const household = DEMO.household;

/**
 * An API module, imported by path at run time: the API's types need the Workers runtime types,
 * which the Node typecheck of the tests does not load (as in support.ts).
 */
const apiModule = (file: string): Promise<unknown> =>
  import(/* @vite-ignore */ path.join(root, "api", file));

/** A client address of this file's own (the per-address limits of other tests stay apart). */
const from = (ip: string) => ({ "cf-connecting-ip": ip });

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  tokens.master = (await api.login(team.vat)).access_token;
  tokens.admin = (await api.login(team.people.admin.email)).access_token;
  tokens.user = (await api.login(team.people.user.email)).access_token;
  tokens.household = (await api.login(household.vat)).access_token;
  tokens.company = (await api.login(DEMO.company.vat)).access_token;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

let invited = 0;
/** A valid invitation body for a new address. */
function invitation(overrides: Record<string, unknown> = {}) {
  invited++;
  return {
    name: "Άννα-Μαρία Ο'Νιλ",
    email: `probe35-${invited}@example.test`,
    role: "admin",
    all_supplies: 1,
    ...overrides,
  };
}

describe("#35.8.1 the master role goes only to an active admin who has signed in", () => {
  it("a pending or withdrawn invitation cannot receive it (403), and says so (can_hand_over false)", async () => {
    const created = await api.call(`/users/${team.userId}/people`, {
      token: tokens.master,
      body: invitation(),
      headers: from("10.35.1.1"),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const person = created.body.data as { id: number; status: string; can_hand_over: boolean };
    expect(person.status).toBe("invited");
    expect(person.can_hand_over).toBe(false);
    const handOver = await api.call(`/users/${team.userId}/people/${person.id}/master`, {
      method: "POST",
      token: tokens.master,
    });
    expect(handOver.status).toBe(403);

    const withdrawn = await api.call(`/users/${team.userId}/people/${person.id}/invitation`, {
      method: "DELETE",
      token: tokens.master,
    });
    expect(withdrawn.status).toBe(204);
    const after = await api.call(`/users/${team.userId}/people/${person.id}`, {
      token: tokens.master,
    });
    expect(after.body.data.status).toBe("invitation_expired");
    expect(after.body.data.can_hand_over).toBe(false);
    const again = await api.call(`/users/${team.userId}/people/${person.id}/master`, {
      method: "POST",
      token: tokens.master,
    });
    expect(again.status).toBe(403);
    expect(server.query(`SELECT test_role FROM users WHERE id = ${team.userId}`)).toEqual([
      { test_role: "master" },
    ]);
    // The person's page says why the hand-over is not offered (el and en).
    const portal = createPortal(server.baseUrl);
    await portal.login(team.vat);
    const page = await portal.request(`/b2b/xristes/${person.id}`);
    expect(page.status).toBe(200);
    // Rendered (not only in the page's translation resources): the hint, and no hand-over button.
    expect(page.text).toMatch(/<p>[^<]*έχει συνδεθεί τουλάχιστον μία φορά\.<\/p>/);
    expect(page.text).not.toContain('value="master-ask"');
    const en = await portal.request(`/b2b/xristes/${person.id}?lng=en`);
    expect(en.status).toBe(200);
    expect(en.text).toMatch(/<p>[^<]*signed in at least once\.<\/p>/);
  });

  it("an active admin who has signed in still can (the probe can see a hand-over)", async () => {
    const list = await api.call(`/users/${team.userId}/people`, { token: tokens.master });
    const admin = (list.body.data.people as Array<{ id: number; can_hand_over: boolean }>).find(
      (p) => p.id === team.people.admin.userId,
    );
    expect(admin?.can_hand_over).toBe(true);
  });
});

describe("#35.8.2 invitations are no open mail relay", () => {
  it("the invitee's name accepts names only (no links, digits, symbols), with a translated message", async () => {
    for (const name of [
      "Γεια σας Κερδίσατε 500€! Επισκεφθείτε http://evil.example/claim",
      "www.evil.example",
      "Μαρία 6944123456",
      "Νίκος <b>",
      "Α".repeat(81),
    ]) {
      const refused = await api.call(`/users/${household.userId}/people`, {
        token: tokens.household,
        body: invitation({ name, role: "user" }),
        headers: from("10.35.2.1"),
      });
      expect(refused.status, name).toBe(400);
      expect(refused.field, name).toBe("name");
      expect(refused.body.error.message, name).toBe("people:errors.nameInvalid");
    }
  });

  it("the email shows the name only quoted, never as the supplier's words or a link", async () => {
    const { invitationEmail } = (await apiModule("people/messages.ts")) as {
      invitationEmail: Record<
        "el" | "en",
        (args: { name: string; inviter: string; company: string; url: string }) => {
          subject: string;
          body: string;
        }
      >;
    };
    const { emailHtml } = (await apiModule("messages/html.ts")) as {
      emailHtml: (message: { subject: string; text: string; lang: "el" | "en" }) => string;
    };
    for (const lang of ["el", "en"] as const) {
      const mail = invitationEmail[lang]({
        name: "Κερδίσατε 500€! Επισκεφθείτε http://evil.example/claim www.evil.example",
        inviter: "Ο Νίκος",
        company: "ΒΗΤΑ",
        url: "https://portal.example/prosklisi/abc",
      });
      const firstLine = mail.body.split("\n")[0] ?? "";
      expect(firstLine, lang).not.toContain("Κερδίσατε");
      expect(mail.body).not.toContain("ο/η");
      expect(mail.body).toMatch(/«Κερδίσατε[^»]*»/);
      expect(mail.body).not.toContain("http://evil");
      expect(mail.body).not.toContain("www.evil.example");
      const html = emailHtml({ subject: mail.subject, text: mail.body, lang });
      expect(html.match(/href="/g)?.length, html).toBe(1);
      expect(html).toContain('href="https://portal.example/prosklisi/abc"');
    }
    // The sent invitation, as the outbox holds it.
    const sent = await api.call(`/users/${team.userId}/people`, {
      token: tokens.master,
      body: invitation({
        name: "Κ. Παπαδόπουλος",
        role: "user",
        all_supplies: 0,
        meter_ids: [1001],
      }),
      headers: from("10.35.2.2"),
    });
    expect(sent.status).toBe(201);
    const [row] = server.query<{ body: string }>(
      `SELECT body FROM outbox WHERE template = 'invitation' ORDER BY id DESC LIMIT 1`,
    );
    expect(row?.body).toContain("«Κ. Παπαδόπουλος»");
    expect(row?.body).not.toContain("ο/η");
  });

  it("at most 20 invitations a day per account, then 429 on the email field", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await api.call(`/users/${household.userId}/people`, {
        token: tokens.household,
        body: invitation({ name: "Ελένη Ιωάννου", role: "user" }),
        headers: from(`10.35.2.${10 + i}`),
      });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(r.code).toBe("too_many_attempts");
        expect(r.field).toBe("email");
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    // The invite page shows it next to the email field and in the summary.
    const portal = createPortal(server.baseUrl);
    await portal.login(household.vat);
    const page = await portal.request("/b2b/xristes/nea", {
      form: new URLSearchParams({
        name: "Ελένη Ιωάννου",
        email: "probe35-page@example.test",
        role: "user",
        all_supplies: "1",
      }),
    });
    expect(page.status).toBe(400);
    const message = "Στείλατε πολλές προσκλήσεις σήμερα. Δοκιμάστε ξανά αύριο.";
    // Next to the field and in the summary, besides the page's translation resources.
    expect(page.text.split(message).length - 1).toBeGreaterThanOrEqual(3);
  });

  it("at most 3 re-sends a day per invited address, then 429", async () => {
    const created = await api.call(`/users/${team.userId}/people`, {
      token: tokens.master,
      body: invitation({ role: "user", all_supplies: 0, meter_ids: [1001] }),
      headers: from("10.35.2.40"),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const before = server.query<{ n: number }>(`SELECT count(*) AS n FROM outbox`)[0]?.n ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await api.call(`/users/${team.userId}/people/${id}/invitation`, {
        method: "POST",
        token: tokens.master,
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.code).toBe("too_many_attempts");
    }
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const after = server.query<{ n: number }>(`SELECT count(*) AS n FROM outbox`)[0]?.n ?? 0;
    expect(after - before).toBe(3);
  });
});

describe("#35.8.3 'already used by another customer' answers are throttled", () => {
  it("settings: 5 an hour per person, then a generic 429", async () => {
    const [me] = server.query<Record<string, unknown>>(
      `SELECT * FROM users WHERE id = ${household.userId}`,
    );
    const [main] = server.query<{ id: number }>(
      `SELECT id FROM meters WHERE customer_id = ${household.customerId} AND is_main = 1`,
    );
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await api.call("/user/settings", {
        method: "PUT",
        token: tokens.household,
        headers: from("10.35.3.1"),
        body: {
          userId: household.userId,
          afm: household.vat,
          nrg_skin: me?.nrg_skin,
          lang: me?.lang,
          email: i % 2 ? DEMO.company.email : team.email,
          phone: me?.registration_phone,
          ebill_settings: [],
          meter_id: main?.id,
          avatar: null,
          indication_email: me?.indication_email,
          indication_sms: me?.indication_sms,
          password: "Demo2026!",
        },
      });
      answers.push(r.status === 200 ? String(r.body.data.message) : `${r.status} ${r.code}`);
    }
    expect(answers).toEqual([
      ...Array.from({ length: 5 }, (_, i) => (i % 2 ? "emailInUse" : "emailInUse")),
      "429 too_many_attempts",
      "429 too_many_attempts",
    ]);
  });

  it("invitations: 5 an hour per person, then a generic 429", async () => {
    const answers: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await api.call(`/users/${DEMO.company.userId}/people`, {
        token: tokens.company,
        headers: from("10.35.3.2"),
        body: invitation({
          email: i % 2 ? household.email : DEMO.former.email,
          role: "user",
          all_supplies: 1,
        }),
      });
      answers.push(`${r.status} ${r.code}`);
    }
    expect(answers).toEqual([
      ...Array.from({ length: 5 }, () => "400 email_in_use"),
      "429 too_many_attempts",
      "429 too_many_attempts",
    ]);
  });

  it("per client address: 20 an hour, whoever asks", async () => {
    // Five people of different accounts from one address: the address's limit ends it.
    const answers: string[] = [];
    const who = [tokens.master, tokens.admin, tokens.user];
    for (let i = 0; i < 21; i++) {
      const token = who[i % who.length] as string;
      const r = await api.call(
        `/users/${[team.userId, team.people.admin.userId, team.people.user.userId][i % 3]}/people`,
        {
          token,
          headers: from("10.35.3.3"),
          body: invitation({
            email: household.email,
            role: "user",
            all_supplies: 0,
            meter_ids: [1001],
          }),
        },
      );
      answers.push(`${r.status} ${r.code}`);
    }
    // The user may not invite at all (403 before any lookup); the master and the admin each
    // get their own 5, then the address's 20 would apply: at most 10 answers tell anything here.
    expect(answers.filter((a) => a === "400 email_in_use").length).toBeLessThanOrEqual(10);
  });
});

describe("#35.8.4 a token without the personal scope reads no personal field", () => {
  /** Every object key of the contract's zod schemas. */
  function contractFields(): Set<string> {
    const keys = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (schema: unknown) => {
      if (!schema || typeof schema !== "object" || seen.has(schema)) return;
      seen.add(schema);
      const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
      if (!def) return;
      if (def.type === "object")
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
          keys.add(key);
          walk(value);
        }
      for (const key of [
        "innerType",
        "element",
        "in",
        "out",
        "schema",
        "valueType",
        "left",
        "right",
      ])
        walk(def[key]);
      for (const option of (def.options as unknown[] | undefined) ?? []) walk(option);
      for (const item of (def.items as unknown[] | undefined) ?? []) walk(item);
    };
    for (const value of Object.values(contract)) walk(value);
    return keys;
  }

  /** Every personal key that carries a value in `value` (a JSON answer), as paths. */
  function personalValues(value: unknown, path = ""): string[] {
    if (Array.isArray(value)) return value.flatMap((v, i) => personalValues(v, `${path}.${i}`));
    if (!value || typeof value !== "object") return [];
    return Object.entries(value).flatMap(([key, v]) =>
      isPersonalField(key) && JSON.stringify(v).replace(/""|[^"]/g, "") !== ""
        ? [`${path}.${key}`]
        : personalValues(v, `${path}.${key}`),
    );
  }

  it("the personal list names fields of the contract, and every personal-looking field is classified", () => {
    const fields = contractFields();
    expect(fields.size).toBeGreaterThan(100);
    for (const field of PERSONAL_FIELDS) expect(fields.has(field), field).toBe(true);
    const looksPersonal =
      /mail|phone|mobile|street|address|postal|region|municip|afm|vat|name|holder|birth|ip$|avatar|img/i;
    const unclassified = [...fields].filter(
      (f) => looksPersonal.test(f) && !isPersonalField(f) && !Object.hasOwn(NOT_PERSONAL_FIELDS, f),
    );
    expect(
      unclassified,
      "list each in PERSONAL_FIELDS or NOT_PERSONAL_FIELDS (core/access-tokens.ts)",
    ).toEqual([]);
    for (const field of Object.keys(NOT_PERSONAL_FIELDS))
      expect(fields.has(field), field).toBe(true);
  });

  it("redactPersonal blanks every personal field, at any depth", () => {
    expect(
      redactPersonal({ a: [{ eBill_email: "x@y", id: 1 }], customer: { afm: "1", name: "N" } }),
    ).toEqual({ a: [{ eBill_email: "", id: 1 }], customer: { afm: "", name: "" } });
  });

  it("every route a token opens (discovered), read with nrg_demo_read_100000003: no personal value", async () => {
    expect(TOKEN_SCOPES).toContain("personal");
    const { TOKEN_ROUTES } = (await apiModule("middleware/token-scopes.ts")) as {
      TOKEN_ROUTES: Record<string, { need: unknown }>;
    };
    const readable = (await apiRoutes()).filter((r) => {
      const need = TOKEN_ROUTES[r.path]?.need;
      return r.method === "GET" && need !== undefined && need !== "never" && need !== "personal";
    });
    expect(readable.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/users/:userId/meters", "/api/users/:userId/export"]),
    );
    const ids: Record<string, string> = {
      userId: String(household.userId),
      meterId: String(household.mainMeterId),
      id: String(
        server.query<{ id: number }>(
          `SELECT id FROM invoices WHERE meter_id = ${household.mainMeterId} ORDER BY id DESC LIMIT 1`,
        )[0]?.id,
      ),
      reference: String(
        server.query<{ reference: string }>(
          `SELECT reference FROM payment_orders WHERE user_id = ${household.userId} AND status = 'success' LIMIT 1`,
        )[0]?.reference ?? "none",
      ),
    };
    const variants = ["", "?billing_history=true", "?format=csv"];
    const found: string[] = [];
    let read = 0;
    for (const route of readable) {
      for (const query of variants) {
        const values = Object.fromEntries(paramsOf(route.path).map((p) => [p, ids[p] ?? "1"]));
        const url = `${server.baseUrl}${fill(route.path, values)}${query}`;
        const response = await fetch(url, {
          headers: { authorization: "Bearer nrg_demo_read_100000003", connection: "close" },
        });
        if (response.status !== 200) continue;
        read++;
        const type = response.headers.get("content-type") ?? "";
        const text = await response.text();
        if (type.includes("json")) found.push(...personalValues(JSON.parse(text), url));
        for (const secret of [household.vat, household.email, household.name, "ΠΑΠΑΔΟΠΟΥΛ"])
          if (text.includes(secret)) found.push(`${url} shows ${secret}`);
      }
    }
    expect(read).toBeGreaterThan(5);
    expect(found).toEqual([]);
  });

  it("with the personal scope the same answers do show them (the probe sees data)", async () => {
    const { createHash } = await import("node:crypto");
    const secret = "nrg_probe35_personal_0000000000000000";
    const id = createHash("sha256").update(secret).digest("hex");
    const [demo] = server.query<{ id: string }>(
      `SELECT id FROM access_tokens WHERE user_id = ${household.userId} AND revoked_at IS NULL LIMIT 1`,
    );
    expect(demo).toBeDefined();
    server.query(
      `INSERT INTO access_tokens (id, user_id, customer_id, name, scopes, all_supplies, created_at, expires_at)
       SELECT '${id}', user_id, customer_id, 'probe35', 'bills,payments,readings,consumption,personal', all_supplies, created_at, expires_at FROM access_tokens WHERE id = '${demo?.id}'`,
    );
    const response = await fetch(`${server.baseUrl}/api/users/${household.userId}/meters`, {
      headers: { authorization: `Bearer ${secret}`, connection: "close" },
    });
    expect(response.status).toBe(200);
    expect(personalValues(await response.json()).length).toBeGreaterThan(0);
  });
});

describe("#35.8.5 a stranger's write paths: ownership before validation", () => {
  it("every write route with another customer's ids answers the same 404 with {} as with a valid body", async () => {
    const writes = (await apiRoutes()).filter(
      (r) => r.method !== "GET" && paramsOf(r.path).includes("userId"),
    );
    expect(writes.length).toBeGreaterThan(8);
    const mismatched: string[] = [];
    for (const route of writes) {
      const values = Object.fromEntries(
        paramsOf(route.path).map((p) => [
          p,
          p === "userId"
            ? String(team.userId)
            : p === "meterId"
              ? "1001"
              : p === "personId"
                ? String(team.people.admin.userId)
                : "1",
        ]),
      );
      const url = `${server.baseUrl}${fill(route.path, values)}`;
      for (const body of ["{}", '{"name":1}']) {
        const response = await fetch(url, {
          method: route.method,
          headers: {
            authorization: `Bearer ${tokens.household}`,
            origin: server.baseUrl,
            "content-type": "application/json",
            connection: "close",
          },
          body,
        });
        const text = await response.text();
        if (response.status !== 404)
          mismatched.push(
            `${route.method} ${route.path} ${body}: ${response.status} ${text.slice(0, 120)}`,
          );
      }
    }
    expect(mismatched).toEqual([]);
  });

  it("PUT /api/users/3/direct-debits/1001 with {} is 404 not_found, as with a valid body", async () => {
    const empty = await api.call(`/users/${team.userId}/direct-debits/1001`, {
      method: "PUT",
      token: tokens.household,
      body: {},
    });
    expect(empty.status).toBe(404);
    expect(empty.code).toBe("not_found");
    expect(empty.field).toBeUndefined();
  });
});

describe("#35.8.6 refused writes with a body answer 401/403 every time, never a runtime error", () => {
  /** Plain fetch: no retry of the dev proxy's 500 (tests/support/fetch-worker.ts hides it). */
  async function send(path: string, method: string, authorization: string, body: string) {
    const response = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization,
        origin: server.baseUrl,
        "content-type": "application/json",
      },
      body,
    });
    return { status: response.status, text: await response.text() };
  }

  it("a malformed bearer, a user inviting, a user changing himself: 20 times each", async () => {
    const big = JSON.stringify({
      items: Array.from({ length: 2000 }, (_, i) => ({ meter_id: i, amount: 1 })),
    });
    const cases: Array<[string, string, string, string, number]> = [
      ["/payments/orders", "POST", "Bearer not.a.jwt", big, 401],
      ["/payments/orders", "POST", "Bearer x", "{}", 401],
      [`/users/${household.userId}/tokens/x`, "DELETE", "Bearer x", "{}", 401],
      [`/users/${team.people.user.userId}/people`, "POST", `Bearer ${tokens.user}`, big, 403],
      [
        `/users/${team.people.user.userId}/people/${team.people.user.userId}`,
        "PATCH",
        `Bearer ${tokens.user}`,
        JSON.stringify({ role: "admin" }),
        403,
      ],
    ];
    const seen: string[] = [];
    for (const [path, method, authorization, body, expected] of cases)
      for (let i = 0; i < 20; i++) {
        const { status, text } = await send(path, method, authorization, body);
        if (status !== expected) seen.push(`${method} ${path}: ${status} ${text.slice(0, 80)}`);
        expect(text).not.toMatch(/Error:|Network connection lost|at \w+ \(/);
      }
    expect(seen).toEqual([]);
  });
});

describe("#35.8.7 an admin reads only the supplies of his own scope on a person", () => {
  it("the master's own supplies, read by the 20-supply admin: only ids among the admin's", async () => {
    // The user (5 supplies, all the admin's) given one more supply outside the admin's twenty.
    server.query(
      `INSERT INTO user_meters (user_id, meter_id) VALUES (${team.people.user.userId}, 1150)`,
    );
    const person = await api.call(
      `/users/${team.people.admin.userId}/people/${team.people.user.userId}`,
      {
        token: tokens.admin,
      },
    );
    expect(person.status).toBe(200);
    const ids = person.body.data.meter_ids as number[];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !team.people.admin.meterIds.includes(id))).toEqual([]);
    const list = await api.call(`/users/${team.people.admin.userId}/people`, {
      token: tokens.admin,
    });
    for (const p of list.body.data.people as Array<{ meter_ids: number[] }>)
      expect(p.meter_ids.filter((id) => !team.people.admin.meterIds.includes(id))).toEqual([]);
    server.query(
      `DELETE FROM user_meters WHERE user_id = ${team.people.user.userId} AND meter_id = 1150`,
    );
  });
});
