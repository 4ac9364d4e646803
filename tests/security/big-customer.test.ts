/**
 * A business customer with hundreds of supplies got 500s, because queries over
 * "all my supplies" bound one parameter per supply and D1 refuses more than 100 per statement.
 * Against the real Worker and local D1, for the 200-supply and the 1,000-supply demo customers:
 * every list over their supplies, a settings save that lists every supply, and a payment order
 * for 150 supplies answer 2xx, never 5xx. (The in-process check of every statement's parameter
 * count is tests/unit/bound-parameters.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiMeter } from "../../core/contract/index.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const ACCOUNTS = [DEMO.largeCompany, DEMO.hugeCompany];

describe("#14.8 a business customer with hundreds of supplies gets no 500", () => {
  for (const who of ACCOUNTS) {
    describe(`${who.vat} (${who.meterCount} supplies)`, () => {
      let token: string;
      beforeAll(async () => {
        token = (await api.login(who.vat)).access_token;
      });

      it("the lists over every supply answer 200", async () => {
        const meters = await api.call<{ data: ApiMeter[] }>(
          `/users/${who.userId}/meters?billing_history=true`,
          { token },
        );
        expect(meters.status).toBe(200);
        expect(meters.body.data).toHaveLength(who.meterCount);
        for (const path of [`/users/${who.userId}/invoices`, `/users/${who.userId}/readings`]) {
          const r = await api.call<{ data: unknown[] }>(path, { token });
          expect(r.status, path).toBe(200);
          expect(r.body.data.length, path).toBeGreaterThan(who.meterCount);
        }
        const news = await api.call("/getNewReadings", { token, body: { since: "2000-01-01" } });
        expect(news.status).toBe(200);
      });

      it("settings that list every supply are saved", async () => {
        const meters = server.query<{
          id: number;
          ebill_enable_edit: number;
          email: string | null;
        }>(
          `SELECT id, ebill_enable_edit, CASE WHEN ebill = 1 THEN ebill_email END AS email
             FROM meters WHERE customer_id = ${who.customerId} ORDER BY id`,
        );
        const r = await api.call("/user/settings", {
          method: "PUT",
          token,
          body: {
            userId: who.userId,
            afm: who.vat,
            nrg_skin: 1,
            lang: "el",
            email: who.email,
            phone: who.phone,
            meter_id: who.firstMeterId,
            indication_email: 0,
            indication_sms: 0,
            ebill_settings: meters.map((m) => ({
              meter_id: m.id,
              email: m.ebill_enable_edit ? who.email : m.email,
              phone: null,
            })),
          },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(204);
      });

      it("a payment order for 150 supplies is accepted", async () => {
        server.query(
          `UPDATE meters SET running_total_cents = running_total_cents + 500 WHERE customer_id = ${who.customerId}`,
        );
        const ids = server
          .query<{ id: number }>(
            `SELECT id FROM meters WHERE customer_id = ${who.customerId} ORDER BY id LIMIT 150`,
          )
          .map((m) => m.id);
        const r = await api.call("/payments/orders", {
          token,
          body: { items: ids.map((id) => ({ meter_id: id, amount: 5 })) },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      });
    });
  }
});
