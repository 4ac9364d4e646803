import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiReading, ApiReadingSaved } from "../../core/contract/index.ts";
import { newIdempotencyKey } from "../../core/idempotency.ts";
import { previousValue } from "../../core/readings.ts";
import { DEMO } from "../../seed/accounts.ts";
import { fetchWorker } from "../support/fetch-worker";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * The reading form's idempotency key (#39, core/idempotency.ts) against the real Worker and D1:
 * the API answers a key it has seen with its first answer and records nothing; a key reused for
 * other values is refused; the page renders a fresh key on every view and a double post of the
 * same form (JavaScript off) records one reading.
 */
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

async function readings(): Promise<ApiReading[]> {
  const r = await api.call<{ data: ApiReading[] }>(
    `/users/${h.userId}/readings?meter_id=${h.mainMeterId}`,
    { token },
  );
  expect(r.status).toBe(200);
  return r.body.data;
}

const post = (body: unknown) =>
  api.call<{ data: ApiReadingSaved }>("/readings", { method: "POST", body, token, lang: "en" });

/** Values just above the supply's latest, so that each test's reading is accepted. */
async function nextValues(step: number) {
  const rows = await readings();
  return {
    rows,
    day: (previousValue(rows, "day") as number) + step,
    night: (previousValue(rows, "night") as number) + step,
  };
}

describe("POST /api/readings with an idempotency key", () => {
  it("answers the same key with the first answer, even after a newer reading, recording once", async () => {
    const { rows, day, night } = await nextValues(5);
    const key = newIdempotencyKey();
    const body = { meter_id: h.mainMeterId, day, night, idempotency_key: key };
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(body);
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(again.body).toEqual(first.body);
    expect(await readings()).toHaveLength(rows.length + 2);

    // A newer reading, then the first replayed (a queue sent late): still its first answer,
    // where without the key it would be refused as not above the previous reading.
    const newer = await post({ meter_id: h.mainMeterId, day: day + 5, night: night + 5 });
    expect(newer.status).toBe(201);
    const late = await post(body);
    expect([late.status, late.body]).toEqual([201, first.body]);
    const { idempotency_key: _, ...plain } = body;
    expect((await post(plain)).code).toBe("reading_not_greater");
    expect(await readings()).toHaveLength(rows.length + 4);
  });

  it("refuses a key reused for other values (422) and records nothing", async () => {
    const { day, night } = await nextValues(5);
    const key = newIdempotencyKey();
    expect((await post({ meter_id: h.mainMeterId, day, night, idempotency_key: key })).status).toBe(
      201,
    );
    const count = (await readings()).length;
    const other = await post({
      meter_id: h.mainMeterId,
      day: day + 10,
      night: night + 10,
      idempotency_key: key,
    });
    expect([other.status, other.code]).toEqual([422, "idempotency_key_reused"]);
    expect(await readings()).toHaveLength(count);
  });

  it("does not record a refusal: the same key is judged afresh", async () => {
    const { rows } = await nextValues(0);
    const key = newIdempotencyKey();
    const low = { meter_id: h.mainMeterId, day: 1, night: 1, idempotency_key: key };
    expect((await post(low)).code).toBe("reading_not_greater");
    expect((await post(low)).code).toBe("reading_not_greater");
    expect(await readings()).toHaveLength(rows.length);
  });

  it("refuses a key that is not of a key's shape", async () => {
    const { day, night } = await nextValues(5);
    const r = await post({ meter_id: h.mainMeterId, day, night, idempotency_key: "short" });
    expect([r.status, r.code]).toEqual([400, "validation"]);
  });
});

describe("the reading page's form key (JavaScript off)", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
  });
  const page = async () => {
    const r = await fetchWorker(`${server.baseUrl}/b2b/kataxorisi?lng=en`, {
      headers: { cookie, connection: "close" },
    });
    expect(r.status).toBe(200);
    const html = await r.text();
    return /name="idempotency_key" value="([A-Za-z0-9_-]{22})"/.exec(html)?.[1] ?? "";
  };
  const submit = (fields: Record<string, string>) =>
    fetchWorker(`${server.baseUrl}/b2b/kataxorisi?lng=en`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin: server.baseUrl,
        connection: "close",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("renders a fresh key on every view, also a view served from the page cache", async () => {
    const keys = [await page(), await page(), await page()];
    for (const key of keys) expect(key).toHaveLength(22);
    expect(new Set(keys).size).toBe(3);
  });

  it("a double post of the same form records one reading; both are answered as saved", async () => {
    const key = await page();
    const { rows, day, night } = await nextValues(7);
    const fields = {
      meter_id: String(h.mainMeterId),
      day: String(day),
      night: String(night),
      idempotency_key: key,
    };
    const [a, b] = [await submit(fields), await submit(fields)];
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    expect(await readings()).toHaveLength(rows.length + 2);

    // The same form sent again with other values (a page restored by the back button): told,
    // the values kept, nothing recorded.
    const reused = await submit({ ...fields, day: String(day + 3), night: String(night + 3) });
    expect(reused.status).toBe(400);
    const html = await reused.text();
    expect(html).toContain("This form was already sent with other values");
    expect(html).toContain(`value="${day + 3}"`);
    expect(await readings()).toHaveLength(rows.length + 2);
  });
});
