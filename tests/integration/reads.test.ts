import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiAccount,
  ApiBanner,
  ApiInvoice,
  ApiMessage,
  ApiMeter,
  ApiMeterSummary,
  ApiReading,
  ApiShellReads,
  ApiUser,
} from "../../core/contract/index.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
const h = DEMO.household;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const get = <T>(path: string, lang?: "el" | "en") => api.call<{ data: T }>(path, { token, lang });

describe("GET /v2/me and /users/:id", () => {
  it("returns the user with status derived from the meters", async () => {
    const me = await get<ApiUser>("/v2/me");
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: h.userId,
      username: h.vat,
      name: h.name,
      status: "active",
      needs_activation: 0,
    });
    const byId = await get<ApiUser>(`/users/${h.userId}`);
    expect(byId.body.data).toEqual(me.body.data);
  });

  it.each([
    [DEMO.applicant.vat, "intermediate"],
    [DEMO.former.vat, "inactive"],
    [DEMO.company.vat, "active"],
  ])("derives %s → %s", async (vat, status) => {
    const tokens = await api.login(vat);
    const me = await api.call<{ data: ApiUser }>("/v2/me", { token: tokens.access_token });
    expect(me.body.data.status).toBe(status);
  });

  it("shows the popup until it is dismissed", async () => {
    const tokens = await api.login(DEMO.firstLogin.vat);
    const me = await api.call<{ data: ApiUser }>("/v2/me", { token: tokens.access_token });
    expect(me.body.data.first_login_settings_open).toBe(1);
    expect(me.body.data.popup).toMatchObject({
      title: expect.any(String),
      button_title: expect.any(String),
    });
    expect(
      (await api.call("/user/popup/dismiss", { method: "POST", token: tokens.access_token }))
        .status,
    ).toBe(204);
    const after = await api.call<{ data: ApiUser }>("/v2/me", { token: tokens.access_token });
    expect(after.body.data.popup).toBeNull();
  });
});

describe("GET /users/:userId/meters", () => {
  it("lists the customer's meters, main first, amounts in euros, without history by default", async () => {
    const r = await get<ApiMeter[]>(`/users/${h.userId}/meters`);
    expect(r.status).toBe(200);
    const meters = r.body.data;
    expect(meters.map((m) => m.id)).toEqual(
      expect.arrayContaining([h.mainMeterId, h.gasMeterId, h.stoppedMeterId]),
    );
    expect(meters[0]).toMatchObject({ id: h.mainMeterId, is_main: 1, per_code: h.mainPerCode });
    expect(meters.every((m) => m.billing_history === undefined)).toBe(true);
    const [db] = server.query<{ cents: number }>(
      `select running_total_cents as cents from meters where id = ${h.mainMeterId}`,
    );
    expect(meters[0]?.running_total).toBe((db?.cents ?? NaN) / 100);
  });

  it("adds billing_history newest first with ?billing_history=true", async () => {
    const r = await get<ApiMeter[]>(`/users/${h.userId}/meters?billing_history=true`);
    const main = r.body.data.find((m) => m.id === h.mainMeterId);
    const history = main?.billing_history?.data ?? [];
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((i) => i.meter_id === h.mainMeterId)).toBe(true);
    const dates = history.map((i) => i.issue_date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const invoice of history)
      expect(invoice.total).toBeCloseTo(invoice.ypoloipo + invoice.total_value, 2);
  });
});

describe("#16 GET /users/:userId/meters?view=summary and ?ids=", () => {
  const SUMMARY_KEYS = [
    "id",
    "status",
    "is_main",
    "division",
    "category",
    "voltage_type",
    "running_total",
    "indication_open_from",
    "indication_open_to",
  ] as const;

  it.each([DEMO.household, DEMO.company, DEMO.largeCompany])(
    "#16 the summaries are the full list's rows, same order, only the summary's fields; /account adds the user ($vat)",
    async (customer) => {
      const tokens = await api.login(customer.vat);
      const call = <T>(path: string) => api.call<{ data: T }>(path, { token: tokens.access_token });
      const full = (await call<ApiMeter[]>(`/users/${customer.userId}/meters`)).body.data;
      const summary = await call<ApiMeterSummary[]>(
        `/users/${customer.userId}/meters?view=summary`,
      );
      expect(summary.status).toBe(200);
      expect(summary.body.data).toEqual(
        full.map((m) => Object.fromEntries(SUMMARY_KEYS.map((key) => [key, m[key]]))),
      );
      // …and GET /users/:id/account gives the user and the same summaries in one call.
      const me = (await call<ApiUser>("/v2/me")).body.data;
      const account = await call<ApiAccount>(`/users/${customer.userId}/account`);
      expect(account.status).toBe(200);
      expect(account.body.data).toEqual({ user: me, meters: summary.body.data });
    },
  );

  it("#16 ?ids= gives the full rows of the caller's own supplies among them, in list order", async () => {
    const full = (await get<ApiMeter[]>(`/users/${h.userId}/meters`)).body.data;
    const picked = [full.at(-1)!.id, full[0]!.id];
    const other = DEMO.company.firstMeterId;
    const r = await get<ApiMeter[]>(
      `/users/${h.userId}/meters?ids=${[...picked, other, 999999].join(",")}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([full[0], full.at(-1)]);
    const none = await get<ApiMeter[]>(`/users/${h.userId}/meters?ids=${other}`);
    expect(none.body.data).toEqual([]);
    for (const bad of ["", "1,,2", "1;2", "-1", "a", `${"9".repeat(13)}`]) {
      const refused = await api.call(`/users/${h.userId}/meters?ids=${encodeURIComponent(bad)}`, {
        token,
      });
      expect(refused.status, bad).toBe(400);
    }
    const view = await api.call(`/users/${h.userId}/meters?view=everything`, { token });
    expect(view.status).toBe(400);
  });
});

describe("GET /users/:userId/invoices", () => {
  it("lists every invoice of the customer's meters, newest first, in euros", async () => {
    const r = await get<ApiInvoice[]>(`/users/${h.userId}/invoices`);
    expect(r.status).toBe(200);
    const [count] = server.query<{ n: number }>(
      `select count(*) as n from invoices i join meters m on m.id = i.meter_id where m.customer_id = ${h.customerId}`,
    );
    expect(r.body.data).toHaveLength(count?.n ?? -1);
    const dates = r.body.data.map((i) => i.issue_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const [first] = server.query<{ ypoloipo_cents: number; total_value_cents: number }>(
      `select ypoloipo_cents, total_value_cents from invoices where id = ${r.body.data[0]?.id}`,
    );
    expect(r.body.data[0]?.ypoloipo).toBe((first?.ypoloipo_cents ?? NaN) / 100);
    expect(r.body.data[0]?.total).toBe(
      ((first?.ypoloipo_cents ?? 0) + (first?.total_value_cents ?? 0)) / 100,
    );
  });
});

describe("messages", () => {
  it("lists them newest first and marks one read", async () => {
    const r = await get<ApiMessage[]>(`/users/${h.userId}/messages`);
    expect(r.body.data.length).toBeGreaterThanOrEqual(6);
    const stamps = r.body.data.map((m) => m.c_stamp);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const unread = r.body.data.filter((m) => m.read_status === 0);
    expect(unread.length).toBeGreaterThanOrEqual(2);
    const target = unread[0]!;
    expect(
      (await api.call("/update_notification", { method: "PUT", token, body: { id: target.id } }))
        .status,
    ).toBe(204);
    const after = await get<ApiMessage[]>(`/users/${h.userId}/messages`);
    expect(after.body.data.find((m) => m.id === target.id)?.read_status).toBe(1);
  });
});

describe("GET /users/:userId/banners/:meterId", () => {
  it("returns active banners for the meter in the Language header's language", async () => {
    const el = await api.call<{ bannersToDisplay: ApiBanner[] }>(
      `/users/${h.userId}/banners/${h.mainMeterId}`,
      { token },
    );
    const en = await api.call<{ bannersToDisplay: ApiBanner[] }>(
      `/users/${h.userId}/banners/${h.mainMeterId}`,
      { token, lang: "en" },
    );
    expect(el.status).toBe(200);
    const expected = server.query<{ id: number; title_el: string; title_en: string }>(
      `select id, title_el, title_en from banners
       where (meter_id = ${h.mainMeterId} or (meter_id is null and (division is null or division = 1)))
         and (active_from is null or substr(active_from, 1, 10) <= date('now'))
         and (active_to is null or substr(active_to, 1, 10) >= date('now')) order by id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(el.body.bannersToDisplay.map((b) => b.title)).toEqual(expected.map((b) => b.title_el));
    expect(en.body.bannersToDisplay.map((b) => b.title)).toEqual(expected.map((b) => b.title_en));
  });
});

describe("#16 GET /users/:userId/meters/:meterId/shell (the frame's reads in one D1 batch)", () => {
  it("#16 answers exactly what …/messages, …/banners/:meterId and …/readings?meter_id= answer, for every supply, in both languages", async () => {
    const meters = (await get<ApiMeter[]>(`/users/${h.userId}/meters`)).body.data;
    expect(meters.length).toBeGreaterThan(0);
    for (const lang of ["el", "en"] as const) {
      const messages = (await get<ApiMessage[]>(`/users/${h.userId}/messages`, lang)).body.data;
      for (const meter of meters) {
        const banners = await api.call<{ bannersToDisplay: ApiBanner[] }>(
          `/users/${h.userId}/banners/${meter.id}`,
          { token, lang },
        );
        const readings = await get<ApiReading[]>(
          `/users/${h.userId}/readings?meter_id=${meter.id}`,
          lang,
        );
        const base = `/users/${h.userId}/meters/${meter.id}/shell`;
        const withReadings = await get<ApiShellReads>(`${base}?readings=1`, lang);
        expect(withReadings.status).toBe(200);
        expect(withReadings.body.data).toEqual({
          messages,
          banners: banners.body.bannersToDisplay,
          readings: readings.body.data,
          meters: [],
          invoices: null,
        });
        for (const path of [base, `${base}?readings=0`]) {
          const without = await get<ApiShellReads>(path, lang);
          expect(without.body.data).toEqual({ ...withReadings.body.data, readings: null });
        }
        // The supplies the page shows, in full: the caller's own among the ids, list order.
        const ids = [meters.at(-1)!.id, DEMO.company.firstMeterId, meter.id];
        const withMeters = await get<ApiShellReads>(`${base}?ids=${ids.join(",")}`, lang);
        expect(withMeters.body.data.meters).toEqual(
          meters.filter((m) => m.id === meter.id || m.id === meters.at(-1)!.id),
        );
        // The overview's history rows, as …/invoices?view=overview answers them.
        const history = await get<ApiInvoice[]>(
          `/users/${h.userId}/meters/${meter.id}/invoices?view=overview`,
          lang,
        );
        const withInvoices = await get<ApiShellReads>(`${base}?invoices=overview`, lang);
        expect(withInvoices.body.data).toEqual({
          ...withReadings.body.data,
          readings: null,
          invoices: history.body.data,
        });
        // The readings of a period: those dated on or after its first day, nothing else.
        const all = readings.body.data;
        const days = [...new Set(all.map((r) => r.date_ins.slice(0, 10)))];
        for (const from of [
          days[0],
          days[Math.floor(days.length / 2)],
          days.at(-1),
          "2000-01-01",
        ]) {
          if (from === undefined) continue;
          const since = await get<ApiShellReads>(`${base}?readings_from=${from}`, lang);
          expect(since.body.data.readings, from).toEqual(
            all.filter((r) => r.date_ins.slice(0, 10) >= from),
          );
        }
      }
    }
  });

  it("#16 answers 404 for another customer's supply or user, 400 for a bad query, 401 without a token", async () => {
    const other = DEMO.company;
    for (const path of [
      `/users/${h.userId}/meters/${other.firstMeterId}/shell`,
      `/users/${other.userId}/meters/${other.firstMeterId}/shell`,
      `/users/${h.userId}/meters/not-a-number/shell`,
    ]) {
      const r = await api.call(path, { token });
      expect([r.status, r.code], path).toEqual([404, "not_found"]);
    }
    for (const query of [
      "readings=yes",
      "ids=1;2",
      "ids=-1",
      "readings_from=2026-13-01",
      "readings_from=yesterday",
      "invoices=all",
    ]) {
      const bad = await api.call(`/users/${h.userId}/meters/${h.mainMeterId}/shell?${query}`, {
        token,
      });
      expect(bad.status, query).toBe(400);
    }
    const anonymous = await api.call(`/users/${h.userId}/meters/${h.mainMeterId}/shell`);
    expect(anonymous.status).toBe(401);
  });
});

describe("GET /user/:id/avatar", () => {
  it("answers 404 when the user has no avatar", async () => {
    const r = await api.call(`/user/${h.userId}/avatar`, { token });
    expect([r.status, r.code]).toEqual([404, "not_found"]);
  });

  it("serves the stored image from R2 to its owner", async () => {
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0f1e2f40000000049454e44ae426082",
      "hex",
    );
    server.r2Put("avatars/test-avatar", png, "image/png");
    server.query(
      `update users set avatar_key = 'avatars/test-avatar', avatar_name = 'me.png', avatar_type = 'image/png' where id = ${h.userId}`,
    );
    const me = await get<ApiUser>("/v2/me");
    expect(me.body.data.avatar).toEqual({
      img_name: "me.png",
      img: `/api/user/${h.userId}/avatar`,
    });
    const response = await fetch(`${server.baseUrl}/api/user/${h.userId}/avatar`, {
      headers: { authorization: `Bearer ${token}`, connection: "close" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe("another customer's ids answer 404", () => {
  const other = DEMO.company;
  it.each([
    `/users/${other.userId}`,
    `/users/${other.userId}/meters`,
    `/users/${other.userId}/meters?billing_history=true`,
    `/users/${other.userId}/meters?view=summary`,
    `/users/${other.userId}/account`,
    `/users/${other.userId}/meters?ids=${other.firstMeterId}`,
    `/users/${other.userId}/invoices`,
    `/users/${other.userId}/messages`,
    `/users/${other.userId}/banners/${other.firstMeterId}`,
    `/users/${h.userId}/banners/${other.firstMeterId}`,
    `/user/${other.userId}/avatar`,
  ])("GET %s", async (path) => {
    const r = await api.call(path, { token });
    expect([r.status, r.code]).toEqual([404, "not_found"]);
  });

  it("PUT /update_notification with another user's message", async () => {
    const [message] = server.query<{ id: number; read_status: number }>(
      `select id, read_status from messages where user_id <> ${h.userId} and read_status = 0 limit 1`,
    );
    expect(message).toBeDefined();
    const r = await api.call("/update_notification", {
      method: "PUT",
      token,
      body: { id: message?.id },
    });
    expect([r.status, r.code]).toEqual([404, "not_found"]);
    expect(
      server.query(`select user_id from message_reads where message_id = ${message?.id}`),
    ).toEqual([]);
  });

  it("every read endpoint needs a token", async () => {
    for (const path of [
      "/v2/me",
      `/users/${h.userId}`,
      `/users/${h.userId}/meters`,
      `/users/${h.userId}/invoices`,
      `/users/${h.userId}/messages`,
    ]) {
      expect((await api.call(path)).status, path).toBe(401);
    }
  });
});

describe("dev endpoints", () => {
  it("GET /dev/outbox lists the sent messages, newest first", async () => {
    const r = await api.call<{
      data: Array<{ id: number; created_at: string; link: string | null }>;
    }>("/dev/outbox");
    expect(r.status).toBe(200);
    expect(r.body.data.some((m) => m.link === DEMO.unactivated.activationPath)).toBe(true);
    const stamps = r.body.data.map((m) => m.created_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it("POST /dev/meters/remove makes a user's meters disappear (status inactive, no meters)", async () => {
    const vat = DEMO.firstLogin.vat;
    const tokens = await api.login(vat);
    const r = await api.call("/dev/meters/remove", { body: { username: vat } });
    expect(r.status).toBe(204);
    const meters = await api.call<{ data: ApiMeter[] }>(`/users/${DEMO.firstLogin.userId}/meters`, {
      token: tokens.access_token,
    });
    expect(meters.body.data).toEqual([]);
    const me = await api.call<{ data: ApiUser }>("/v2/me", { token: tokens.access_token });
    expect(me.body.data.status).toBe("inactive");
    expect((await api.call("/dev/meters/remove", { body: { username: "000000000" } })).status).toBe(
      404,
    );
  });
});
