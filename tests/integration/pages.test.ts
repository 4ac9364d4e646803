import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiCalendar, ApiNotice, ApiQuestionnaireStatus } from "../../core/contract/index.ts";
import { questionnairePeriod } from "../../core/questionnaire/rules.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";
import { athensToday } from "../../core/dates.ts";

/**
 * The help and notice pages against the real Worker and D1: important notices (GET /notices,
 * /notices/{id}), the questionnaire (GET/POST /users/{id}/questionnaire, once per quarter) and the
 * calendar (GET /users/{id}/calendar), with their errors and the ownership rule.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;
let companyToken: string;
const h = DEMO.household;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
  companyToken = (await api.login(DEMO.company.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /notices", () => {
  it("needs a bearer token", async () => {
    expect((await api.call("/notices")).status).toBe(401);
    expect((await api.call("/notices/1")).status).toBe(401);
  });

  it("lists published, unexpired notices newest first, in the Language header's language", async () => {
    const el = await api.call<{ data: ApiNotice[] }>("/notices", { token });
    expect(el.status).toBe(200);
    expect(el.headers.get("cache-control")).toBe("no-store");
    expect(el.body.data.map((n) => n.id)).toEqual([1, 2, 3, 4]);
    const dates = el.body.data.map((n) => n.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(el.body.data[0]).toMatchObject({
      importance: "urgent",
      title: "Προγραμματισμένη συντήρηση της πύλης",
    });
    expect(Object.keys(el.body.data[0] as ApiNotice).sort()).toEqual(
      ["body", "id", "importance", "published_at", "title"].sort(),
    );
    const en = await api.call<{ data: ApiNotice[] }>("/notices", { token, lang: "en" });
    expect(en.body.data[0]?.title).toBe("Scheduled portal maintenance");
    expect(en.body.data.map((n) => n.id)).toEqual([1, 2, 3, 4]);
  });

  it("honours ?limit= and refuses a bad one", async () => {
    const one = await api.call<{ data: ApiNotice[] }>("/notices?limit=1", { token });
    expect(one.body.data.map((n) => n.id)).toEqual([1]);
    const bad = await api.call("/notices?limit=0", { token });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe("validation");
  });

  it("shows one notice; expired, future, unknown ids are 404, a non-number is 400", async () => {
    const one = await api.call<{ data: ApiNotice }>("/notices/2", { token, lang: "en" });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: 2, importance: "important" });
    expect(one.body.data.body).toContain("tariffs");
    for (const id of [5, 6, 999]) {
      const r = await api.call(`/notices/${id}`, { token });
      expect(r.status, `notice ${id}`).toBe(404);
      expect(r.code).toBe("not_found");
    }
    expect((await api.call("/notices/abc", { token })).status).toBe(400);
  });
});

describe("questionnaire", () => {
  const period = questionnairePeriod(athensToday());
  const answer = { overall: 5, bills: 4, portal: 4, support: 3, channel: "email", comment: "OK" };
  const path = `/users/${h.userId}/questionnaire`;

  it("starts unanswered this quarter (last quarter's answer does not count)", async () => {
    const r = await api.call<{ data: ApiQuestionnaireStatus }>(path, { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      period: period.id,
      period_start: period.start,
      period_end: period.end,
      next_period_start: period.next,
      answered: false,
      answered_at: null,
    });
  });

  it("refuses an invalid answer naming the field, with the portal's message key", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...answer, overall: undefined }, "overall", "questionnaire:errors.rating"],
      [{ ...answer, bills: 6 }, "bills", "questionnaire:errors.rating"],
      [{ ...answer, channel: "fax" }, "channel", "questionnaire:errors.channel"],
      [{ ...answer, comment: "x".repeat(1001) }, "comment", "questionnaire:errors.commentTooLong"],
    ];
    for (const [body, field, message] of cases) {
      const r = await api.call(path, { method: "POST", body, token });
      expect(r.status, field).toBe(400);
      expect(r.code).toBe("validation");
      expect(r.field).toBe(field);
      expect((r.body as { error: { message: string } }).error.message).toBe(message);
    }
    const still = await api.call<{ data: ApiQuestionnaireStatus }>(path, { token });
    expect(still.body.data.answered).toBe(false);
  });

  it("needs a token, and another user's id is 404 for reading and answering", async () => {
    expect((await api.call(path)).status).toBe(401);
    const other = `/users/${DEMO.company.userId}/questionnaire`;
    expect((await api.call(other, { token })).status).toBe(404);
    const post = await api.call(other, { method: "POST", body: answer, token });
    expect(post.status).toBe(404);
    const company = await api.call<{ data: ApiQuestionnaireStatus }>(other, {
      token: companyToken,
    });
    expect(company.body.data.answered).toBe(false);
  });

  it("stores one answer per quarter; a second one is 409 naming the next period", async () => {
    const first = await api.call<{ data: ApiQuestionnaireStatus }>(path, {
      method: "POST",
      body: answer,
      token,
      lang: "en",
    });
    expect(first.status).toBe(201);
    expect(first.body.data.answered).toBe(true);
    expect(first.body.data.answered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const second = await api.call(path, { method: "POST", body: { ...answer, overall: 1 }, token });
    expect(second.status).toBe(409);
    expect(second.code).toBe("questionnaire_answered");
    expect((second.body as { error: { message: string } }).error.message).toBe(period.next);

    const status = await api.call<{ data: ApiQuestionnaireStatus }>(path, { token });
    expect(status.body.data.answered).toBe(true);
    // The company's answer is its own.
    const company = await api.call(`/users/${DEMO.company.userId}/questionnaire`, {
      method: "POST",
      body: answer,
      token: companyToken,
    });
    expect(company.status).toBe(201);
  });

  it("lets two answers sent at once store exactly one", async () => {
    const t = (await api.login(DEMO.largeCompany.vat)).access_token;
    const p = `/users/${DEMO.largeCompany.userId}/questionnaire`;
    const results = await Promise.all(
      [1, 2, 3].map(() => api.call(p, { method: "POST", body: answer, token: t })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe("GET /users/:userId/calendar", () => {
  const today = athensToday();

  it("lists reading windows, operator readings and bill due dates of all the user's supplies", async () => {
    const r = await api.call<{ data: ApiCalendar }>(`/users/${h.userId}/calendar`, { token });
    expect(r.status).toBe(200);
    const { from, to, events } = r.body.data;
    expect(from < today && today < to).toBe(true);
    const own = [h.mainMeterId, h.gasMeterId, h.stoppedMeterId] as number[];
    expect(events.every((e) => own.includes(e.meter_id))).toBe(true);
    const window = events.find((e) => e.type === "reading_window");
    expect(window).toMatchObject({ meter_id: h.mainMeterId });
    expect(window && window.date <= today && today <= (window as { end: string }).end).toBe(true);
    const bills = events.filter((e) => e.type === "bill_due");
    expect(new Set(bills.map((e) => e.meter_id)).size).toBeGreaterThanOrEqual(2);
    for (const bill of bills) {
      expect(bill.date >= from && bill.date <= to).toBe(true);
      expect(bill).toHaveProperty("invoice_no");
      expect(typeof (bill as { amount: number }).amount).toBe("number");
    }
    // The newest household bill is still due (running_total > 0): remaining above 0.
    expect(bills.some((b) => (b as { remaining: number }).remaining > 0)).toBe(true);
    const dates = events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort());
  });

  it("keeps to ?from= and ?to=", async () => {
    const r = await api.call<{ data: ApiCalendar }>(
      `/users/${h.userId}/calendar?from=${today}&to=${today}`,
      { token },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ from: today, to: today });
    for (const e of r.body.data.events) {
      if (e.type === "reading_window") expect(e.date <= today && e.end >= today).toBe(true);
      else expect(e.date).toBe(today);
    }
  });

  it("refuses a reversed, too long or malformed range", async () => {
    for (const query of [
      "from=2026-05-01&to=2026-04-01",
      "from=2025-01-01&to=2026-12-31",
      "from=yesterday",
      "to=2026-02-30x",
    ]) {
      const r = await api.call(`/users/${h.userId}/calendar?${query}`, { token });
      expect(r.status, query).toBe(400);
      expect(r.code).toBe("validation");
    }
  });

  it("answers 404 for another user's id and 401 without a token", async () => {
    expect((await api.call(`/users/${DEMO.company.userId}/calendar`, { token })).status).toBe(404);
    expect((await api.call(`/users/${h.userId}/calendar`)).status).toBe(401);
  });

  it("serves the 200-supply account in one call", async () => {
    const t = (await api.login(DEMO.largeCompany.vat)).access_token;
    const started = Date.now();
    const r = await api.call<{ data: ApiCalendar }>(`/users/${DEMO.largeCompany.userId}/calendar`, {
      token: t,
    });
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const meters = new Set(r.body.data.events.map((e) => e.meter_id));
    expect(meters.size).toBeGreaterThan(150);
    const first = DEMO.largeCompany.firstMeterId;
    expect([...meters].every((id) => id >= first && id < first + 200)).toBe(true);
  });
});
