import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type {
  ApiActivityPage,
  ApiGatewayNext,
  ApiMeter,
  ApiPaymentOutcome,
  ApiPaymentStart,
  ApiReading,
} from "../../core/contract/index.ts";
import { TEST_CARDS } from "../../core/gateway.ts";
import { previousValue } from "../../core/readings.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #18 The activity log (api/activity): GET /users/:id/activity and …/activity.csv, what the
 * master (3), the admin (11) and the user (12) of 210000002 each see of it, the filters, the CSV,
 * and that another customer sees none of it.
 */
vi.setConfig({ testTimeout: 120_000 });

const d = DEMO.largeCompany;
const { admin, user } = d.people;
const adminSupplies = new Set<number>(admin.meterIds);

let server: TestServer;
let api: ReturnType<typeof createClient>;
const tokens: Record<"master" | "admin" | "user" | "other", string> = {
  master: "",
  admin: "",
  user: "",
  other: "",
};
const ids = {
  master: d.userId,
  admin: admin.userId,
  user: user.userId,
  other: DEMO.household.userId,
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  tokens.master = (await api.login(d.vat)).access_token;
  tokens.admin = (await api.login(admin.email)).access_token;
  tokens.user = (await api.login(user.email)).access_token;
  tokens.other = (await api.login(DEMO.household.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

type Who = keyof typeof tokens;

const log = async (who: Who, search = "") => {
  const r = await api.call<{ data: ApiActivityPage }>(
    `/users/${ids[who]}/activity${search ? `?${search}` : ""}`,
    { token: tokens[who], lang: "en" },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

const newestFirst = (page: ApiActivityPage) =>
  page.entries.every(
    (e, i, all) => i === 0 || (all[i - 1] as { created_at: string }).created_at >= e.created_at,
  );

describe("#18 GET /users/:userId/activity: who sees what", () => {
  it("the master sees every entry of the account, newest first, with names and IP addresses", async () => {
    const page = await log("master");
    expect(page.total).toBeGreaterThanOrEqual(25);
    expect(newestFirst(page)).toBe(true);
    const people = new Set(page.entries.map((e) => e.person?.id));
    expect(people).toEqual(new Set([d.userId, admin.userId, user.userId]));
    const reading = page.entries.find((e) => e.action === "reading_submit");
    expect(reading?.person).toEqual({ id: user.userId, name: user.name, removed: false });
    expect(reading?.supply?.supply_number).toMatch(/\S/);
    expect(reading?.supply?.address).toMatch(/\S/);
    const invite = page.entries.find(
      (e) => e.action === "person_invite" && e.subject?.id === admin.userId,
    );
    expect(invite?.subject?.name).toBe(admin.name);
    expect(invite?.detail).toMatchObject({ role: "admin", supplies: 20 });
    expect(page.entries.some((e) => typeof e.ip === "string" && e.ip !== "")).toBe(true);
    expect(page.people.map((p) => p.id)).toEqual([d.userId, admin.userId, user.userId]);
  });

  it("the admin sees their supplies' entries, their own and those about the user they manage; no IP", async () => {
    const page = await log("admin");
    expect(page.total).toBeGreaterThan(0);
    for (const e of page.entries) {
      const visible =
        e.person?.id === admin.userId ||
        (e.supply !== null && adminSupplies.has(e.supply.id)) ||
        e.subject?.id === user.userId;
      expect(visible, JSON.stringify(e)).toBe(true);
      expect(e).not.toHaveProperty("ip");
    }
    const actions = page.entries.map((e) => `${e.person?.id}:${e.action}`);
    expect(actions).toContain(`${user.userId}:reading_submit`);
    expect(actions).toContain(`${d.userId}:person_invite`); // inviting the user
    // The master's sign-ins and the invitation of the admin are not about the admin's supplies.
    expect(actions).not.toContain(`${d.userId}:login_success`);
    expect(page.entries.some((e) => e.subject?.id === admin.userId)).toBe(false);
  });

  it("the user sees only their own actions", async () => {
    const page = await log("user");
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.entries.map((e) => e.person?.id))).toEqual(new Set([user.userId]));
    expect(page.people.map((p) => p.id)).toEqual([user.userId]);
    expect(page.entries.every((e) => !("ip" in e))).toBe(true);
  });

  it("another customer sees none of it, and cannot ask for it", async () => {
    const page = await log("other");
    for (const e of page.entries) expect(e.person?.id ?? ids.other).toBe(ids.other);
    expect(page.people.map((p) => p.id)).toEqual([ids.other]);
    for (const path of [`/users/${d.userId}/activity`, `/users/${d.userId}/activity.csv`]) {
      const r = await api.call(path, { token: tokens.other });
      expect(r.status).toBe(404);
    }
    expect((await api.call(`/users/${d.userId}/activity`)).status).toBe(401);
  });

  it("no endpoint changes or deletes an entry", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      const r = await api.call(`/users/${d.userId}/activity`, {
        method,
        token: tokens.master,
        body: method === "DELETE" ? undefined : {},
      });
      expect(r.status, method).toBe(404);
    }
  });
});

describe("#18 the filters", () => {
  it("by person", async () => {
    const page = await log("master", `person=${user.userId}`);
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.entries.map((e) => e.person?.id))).toEqual(new Set([user.userId]));
    // The user filtering by someone else finds nothing of theirs.
    expect((await log("user", `person=${d.userId}`)).total).toBe(0);
  });

  it("by supply number (all or part of it)", async () => {
    const all = await log("master");
    const supply = all.entries.find((e) => e.supply !== null)?.supply;
    if (!supply) throw new Error("no entry on a supply in the demo log");
    const page = await log("master", `meter=${supply.supply_number}`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.entries.every((e) => e.supply?.supply_number === supply.supply_number)).toBe(true);
    const part = supply.supply_number.slice(-6);
    const partial = await log("master", `meter=${part}`);
    expect(partial.entries.every((e) => e.supply?.supply_number.includes(part))).toBe(true);
  });

  it("by period, two years back at most", async () => {
    const all = await log("master");
    const oldest = all.entries.at(-1)?.created_at.slice(0, 10) ?? "";
    const day = all.entries[Math.floor(all.entries.length / 2)]?.created_at.slice(0, 10) ?? "";
    const page = await log("master", `from=${day}&to=${day}`);
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(all.total);
    const before = await log("master", `to=${oldest}`);
    expect(before.total).toBeLessThan(all.total);

    const tooOld = await api.call(`/users/${d.userId}/activity?from=2000-01-01`, {
      token: tokens.master,
    });
    expect([tooOld.status, tooOld.code, tooOld.field]).toEqual([400, "validation", "from"]);
    const order = await api.call(`/users/${d.userId}/activity?from=${day}&to=${oldest}`, {
      token: tokens.master,
    });
    if (day > oldest) expect([order.status, order.field]).toEqual([400, "to"]);
    const bad = await api.call(`/users/${d.userId}/activity?from=2026-13-45`, {
      token: tokens.master,
    });
    expect([bad.status, bad.field]).toEqual([400, "from"]);
  });

  it("pages of 50", async () => {
    const first = await log("master");
    expect(first.page).toBe(1);
    expect(first.pages).toBe(Math.max(1, Math.ceil(first.total / 50)));
    expect(first.entries.length).toBe(Math.min(50, first.total));
    const beyond = await log("master", `page=${first.pages + 1}`);
    expect(beyond.entries).toEqual([]);
  });
});

describe("#18 GET /users/:userId/activity.csv", () => {
  const csv = (who: Who, search: string, lang: "el" | "en") =>
    api.call<string>(`/users/${ids[who]}/activity.csv${search ? `?${search}` : ""}`, {
      token: tokens[who],
      lang,
    });

  it("is every matching entry, UTF-8 with a BOM, a translated header, as an attachment", async () => {
    const page = await log("master", `person=${user.userId}`);
    const en = await csv("master", `person=${user.userId}`, "en");
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(en.headers.get("content-disposition")).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = String(en.body);
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Time (UTC),Person,Action,Supply number,Supply address,Person acted on,What changed,IP address",
    );
    expect(lines).toHaveLength(page.total + 1);
    expect(lines.slice(1).every((l) => l.includes(user.name))).toBe(true);
    expect(text).toContain("Sent a meter reading");

    const el = await csv("master", `person=${user.userId}`, "el");
    expect(
      String(el.body)
        .replace(/^\uFEFF/, "")
        .split("\r\n")[0],
    ).toMatch(/^Ώρα \(UTC\),Πρόσωπο,Ενέργεια/);
    expect(String(el.body)).toContain("Καταχώριση ένδειξης");
  });

  it("#35 names every code in words: a failed sign-in's reason is 'wrong password'", async () => {
    const en = String((await csv("user", "", "en")).body);
    expect(en).toContain("Failed sign-in");
    expect(en).toContain("Reason: wrong password");
    const el = String((await csv("user", "", "el")).body);
    expect(el).toContain("Αιτία: λάθος κωδικός");
    const admins = String((await csv("master", `person=${admin.userId}`, "en")).body);
    expect(admins).toContain("Bill by SMS: off → on");
    for (const text of [en, el, admins]) {
      expect(text).not.toContain("wrong_credentials");
      // No snake_case code in a cell people read (an email address may hold one: left out).
      expect(text.replace(/\S+@\S+/g, "")).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    }
  });

  it("has no IP column for the admin or the user, and only what they may see", async () => {
    const text = String((await csv("user", "", "en")).body);
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).not.toContain("IP");
    expect(lines.slice(1).every((l) => l.includes(user.name))).toBe(true);
    expect(text).not.toContain(admin.name);
  });
});

describe("#18 a write lands in the log", () => {
  it("the user's reading: who, which supply and the values", async () => {
    const meterId = user.meterIds[1] as number; // 1002: its reading window is open
    const rows = await api.call<{ data: ApiReading[] }>(
      `/users/${user.userId}/readings?meter_id=${meterId}`,
      { token: tokens.user },
    );
    const day = (previousValue(rows.body.data, "day") ?? 0) + 7;
    const lastNight = previousValue(rows.body.data, "night");
    const body =
      lastNight === null
        ? { meter_id: meterId, day }
        : { meter_id: meterId, day, night: lastNight + 3 };
    const sent = await api.call("/readings", {
      method: "POST",
      token: tokens.user,
      body: { ...body, confirm: true },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const page = await log("user");
    const entry = page.entries[0];
    expect(entry?.action).toBe("reading_submit");
    expect(entry?.person?.id).toBe(user.userId);
    expect(entry?.supply?.id).toBe(meterId);
    expect(entry?.detail).toEqual(lastNight === null ? { day } : { day, night: lastNight + 3 });
    // The admin sees it (their supply), the master too.
    expect((await log("admin")).entries[0]?.id).toBe(entry?.id);
    expect((await log("master")).entries.some((e) => e.id === entry?.id)).toBe(true);
  });

  it("the master's settings: what changed, old → new, never the password", async () => {
    const [me] = server.query<{
      nrg_skin: number;
      lang: string;
      registration_email: string;
      registration_phone: string | null;
      indication_email: number;
      indication_sms: number;
    }>(`SELECT * FROM users WHERE id = ${d.userId}`);
    const [main] = server.query<{
      id: number;
      ebill: number;
      ebill_email: string | null;
      sms_bill: number;
      sms_number: string | null;
    }>(`SELECT * FROM meters WHERE customer_id = ${d.customerId} AND is_main = 1`);
    if (!me || !main) throw new Error("no master or main supply");
    const skin = me.nrg_skin === 2 ? 3 : 2;
    const r = await api.call("/user/settings", {
      method: "PUT",
      token: tokens.master,
      body: {
        userId: d.userId,
        afm: d.vat,
        nrg_skin: skin,
        lang: me.lang,
        email: me.registration_email.toLowerCase(),
        phone: me.registration_phone,
        ebill_settings: [
          {
            meter_id: main.id,
            email: main.ebill ? main.ebill_email : null,
            phone: main.sms_bill ? main.sms_number : null,
          },
        ],
        meter_id: main.id,
        avatar: null,
        indication_email: me.indication_email,
        indication_sms: me.indication_sms,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    const entry = (await log("master")).entries[0];
    expect(entry?.action).toBe("settings_update");
    expect(entry?.person?.id).toBe(d.userId);
    expect(entry?.detail).toEqual({ skin: [String(me.nrg_skin), String(skin)] });

    // The main supply's e-bill switched: one entry on that supply, old → new.
    const ebillTo = main.ebill ? null : "ebill@beta.example";
    const flip = await api.call("/user/settings", {
      method: "PUT",
      token: tokens.master,
      body: {
        userId: d.userId,
        afm: d.vat,
        nrg_skin: skin,
        lang: me.lang,
        email: me.registration_email.toLowerCase(),
        phone: me.registration_phone,
        ebill_settings: [
          { meter_id: main.id, email: ebillTo, phone: main.sms_bill ? main.sms_number : null },
        ],
        meter_id: main.id,
        avatar: null,
        indication_email: me.indication_email,
        indication_sms: me.indication_sms,
      },
    });
    expect(flip.status, JSON.stringify(flip.body)).toBe(204);
    const supply = (await log("master", "page=1")).entries.find(
      (e) => e.action === "supply_settings_change" && e.supply?.id === main.id,
    );
    expect(supply?.person?.id).toBe(d.userId);
    expect(supply?.detail).toEqual({
      ebill: [main.ebill ? (main.ebill_email ?? "on") : "off", ebillTo ?? "off"],
    });

    const leaked = server.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM audit_log WHERE detail LIKE '%Demo2026%'`,
    );
    expect(leaked[0]?.n).toBe(0);
  });

  it("the admin's payment of two supplies: one entry per supply with its amount", async () => {
    const r = await api.call<{ data: ApiMeter[] }>(`/users/${admin.userId}/meters`, {
      token: tokens.admin,
    });
    const owing = r.body.data.filter((m) => m.running_total >= 2).slice(0, 2);
    expect(owing).toHaveLength(2);
    const start = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
      method: "POST",
      token: tokens.admin,
      body: { items: owing.map((m) => ({ meter_id: m.id, amount: 1.5 })) },
    });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const session = start.body.data.redirect_url.replace("/gateway/pay/", "");
    const card = {
      cvv: "123",
      exp_month: "12",
      exp_year: String(new Date().getUTCFullYear() + 2),
      holder: "Test Holder",
      number: TEST_CARDS.success,
    };
    const authorized = await api.call<{ data: ApiGatewayNext }>(
      `/gateway/sessions/${session}/authorize`,
      { method: "POST", body: card },
    );
    expect(authorized.body.data.next).toBe("return");
    const fields = Object.fromEntries(new URL(authorized.body.data.url, "http://x").searchParams);
    const back = await api.call<{ data: ApiPaymentOutcome }>("/payments/return", {
      method: "POST",
      body: fields,
    });
    expect(back.body.data.outcome).toBe("success");

    const paid = (await log("admin")).entries.filter((e) => e.action === "payment").slice(0, 2);
    expect(paid.map((e) => e.supply?.id).sort()).toEqual(owing.map((m) => m.id).sort());
    for (const e of paid) {
      expect(e.person?.id).toBe(admin.userId);
      expect(e.detail).toEqual({ amount: "1.50" });
    }
    // The user sees none of the admin's actions.
    const mine = await log("user");
    expect(mine.entries.some((e) => e.person?.id === admin.userId)).toBe(false);
  });
});
