/**
 * The reading form's idempotency key (#39) is the person's own. The API looks a key up by
 * (person, key): a key another person sent, even on the same supply, is unknown to everyone
 * else. It can neither replay the first person's answer (their reading rows, their stamps) nor
 * tell that it was ever used, and it never stops that person from sending their own reading.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiReading, ApiReadingSaved } from "../../core/contract/index.ts";
import { newIdempotencyKey } from "../../core/idempotency.ts";
import { previousValue } from "../../core/readings.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";

let server: TestServer;
let api: ReturnType<typeof createClient>;
const beta = DEMO.largeCompany;
const meterId = beta.people.openReadingMeterId;
/** Two people who both see the open supply: the account's holder and one of its users. */
const tokens = { holder: "", user: "", household: "" };

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  tokens.holder = (await api.login(beta.vat)).access_token;
  tokens.user = (await api.login(beta.people.user.email)).access_token;
  tokens.household = (await api.login(DEMO.household.vat)).access_token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = (body: unknown, token: string) =>
  api.call<{ data: ApiReadingSaved }>("/readings", { method: "POST", body, token, lang: "en" });

async function readings(): Promise<ApiReading[]> {
  const r = await api.call<{ data: ApiReading[] }>(
    `/users/${beta.userId}/readings?meter_id=${meterId}`,
    { token: tokens.holder },
  );
  expect(r.status).toBe(200);
  return r.body.data;
}

describe("an idempotency key of another person", () => {
  it("does not replay the first person's answer, on the same supply or another customer's", async () => {
    const rows = await readings();
    const key = newIdempotencyKey();
    const day = (previousValue(rows, "day") as number) + 11;
    const night = previousValue(rows, "night");
    const body = { meter_id: meterId, day, night: night === null ? null : night + 11 };
    const first = await post({ ...body, idempotency_key: key }, tokens.holder);
    expect(first.status).toBe(201);

    // Another customer with the same key and body: the supply is not theirs (404), exactly as
    // without a key; nothing of the first answer.
    const stranger = await post({ ...body, idempotency_key: key }, tokens.household);
    expect([stranger.status, stranger.code]).toEqual([404, "not_found"]);
    expect(stranger.headers.get("idempotent-replayed")).toBeNull();
    expect(JSON.stringify(stranger.body)).not.toContain(String(day));

    // A person of the same account who sees the supply, with the same key and other values:
    // no conflict and no replay (the key is not theirs), their own new reading.
    const higher = (v: number | null) => (v === null ? null : v + 5);
    const colleague = await post(
      { ...body, day: day + 5, night: higher(body.night), idempotency_key: key },
      tokens.user,
    );
    expect([colleague.status, colleague.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(colleague.body).not.toEqual(first.body);
    expect(await readings()).toHaveLength(rows.length + 2 * first.body.data.readings.length);

    // The first person's key still answers them with their own first answer.
    const replay = await post({ ...body, idempotency_key: key }, tokens.holder);
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(replay.body).toEqual(first.body);
  });

  it("stores each person's key apart, by the person the token is of", () => {
    const keys = server.query<{ user_id: number; n: number }>(
      "SELECT user_id, count(*) AS n FROM reading_keys GROUP BY user_id ORDER BY user_id",
    );
    expect(keys).toEqual([
      { user_id: beta.userId, n: 1 },
      { user_id: beta.people.user.userId, n: 1 },
    ]);
  });
});
