import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiChangeAddressLink } from "../../core/contract/index.ts";
import type { ApiMeter } from "../../core/contract/index.ts";
import { signToken } from "../../api/lib/signing.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { devVar } from "./secrets";
import { startServer, type TestServer } from "./server";

/**
 * Billing-address change through a signed /change-address/{hash} link: the supply it
 * names, the spec's three messages, the change on the supply (as /b2b/paroxes reads it), and
 * links that are expired, altered, of another purpose or naming a supply that is gone.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
const h = DEMO.household;

const inAMonth = () => Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
const link = (meterId: number, purpose = "change-address", expires = inAMonth()) =>
  signToken(devVar("LINK_SECRET"), purpose, { m: meterId }, expires);

const address = {
  same: "no",
  street: "Ερμού",
  street_no: "12",
  city: "Αθήνα",
  zip: "10563",
  area: "Σύνταγμα",
  state: "Αττική",
  comments: "2ος όροφος",
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

async function supply(meterId: number, vat = h.vat, userId: number = h.userId) {
  const token = (await api.login(vat)).access_token;
  const r = await api.call<{ data: ApiMeter[] }>(`/users/${userId}/meters`, { token });
  const m = r.body.data.find((x) => x.id === meterId);
  if (!m) throw new Error(`meter ${meterId} not found`);
  return m;
}

describe("GET /change-address/links/{hash}", () => {
  it("describes the supply the link names", async () => {
    const r = await api.call<{ data: ApiChangeAddressLink }>(
      `/change-address/links/${await link(h.mainMeterId)}`,
    );
    expect(r.status).toBe(200);
    const m = await supply(h.mainMeterId);
    expect(r.body.data).toMatchObject({
      meter_id: h.mainMeterId,
      holder: h.name,
      supply_address: { street: m.phys_street, postal_code: m.phys_postal_code },
      billing_address: { street: m.bill_street, postal_code: m.bill_postal_code },
      last_change: null,
    });
  });

  it("refuses expired, altered, other-purpose and unknown-supply links", async () => {
    const expired = await link(h.mainMeterId, "change-address", Math.floor(Date.now() / 1000) - 1);
    expect((await api.call(`/change-address/links/${expired}`)).code).toBe("link_expired");
    const good = await link(h.mainMeterId);
    const altered = good.replace(/.$/, good.endsWith("A") ? "B" : "A");
    for (const hash of [
      altered,
      "garbage",
      await link(h.mainMeterId, "mymarket"),
      await link(h.mainMeterId, "pay"),
      await link(987_654),
    ]) {
      const r = await api.call(`/change-address/links/${hash}`);
      expect(r.status).toBe(400);
      expect(r.code).toBe("bad_token");
      const post = await api.call(`/change-address/links/${hash}`, { body: address });
      expect(post.code).toBe("bad_token");
    }
  });
});

describe("POST /change-address/links/{hash}", () => {
  it("gives the spec's three messages", async () => {
    const hash = await link(h.gasMeterId);
    const none = await api.call(`/change-address/links/${hash}`, { body: {} });
    expect(none.status).toBe(400);
    expect(none.field).toBe("same");
    expect(none.body.error.message).toBe("changeAddress:errors.chooseYesNo");
    const noStreet = await api.call(`/change-address/links/${hash}`, {
      body: { ...address, street: " " },
    });
    expect(noStreet.field).toBe("street");
    expect(noStreet.body.error.message).toBe("changeAddress:errors.enterAddress");
    for (const key of ["street_no", "city", "zip", "area", "state"]) {
      const r = await api.call(`/change-address/links/${hash}`, {
        body: { ...address, [key]: "" },
      });
      expect(r.status, key).toBe(400);
      expect(r.field).toBe(key);
      expect(r.body.error.message).toBe("changeAddress:errors.fillAll");
    }
    const zip = await api.call(`/change-address/links/${hash}`, {
      body: { ...address, zip: "999" },
    });
    expect(zip.body.error.message).toBe("changeAddress:errors.zip");
  });

  it("changes the billing address of that supply only", async () => {
    const before = await supply(h.stoppedMeterId);
    const r = await api.call<{ data: ApiChangeAddressLink }>(
      `/change-address/links/${await link(h.gasMeterId)}`,
      { body: address },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.billing_address).toEqual({
      street: "Ερμού",
      street_no: "12",
      postal_code: "10563",
      region: "Αθήνα",
    });
    expect(r.body.data.last_change).toMatchObject({ area: "Σύνταγμα", state: "Αττική" });
    const gas = await supply(h.gasMeterId);
    expect([gas.bill_street, gas.bill_street_no, gas.bill_postal_code, gas.bill_region]).toEqual([
      "Ερμού",
      "12",
      "10563",
      "Αθήνα",
    ]);
    const after = await supply(h.stoppedMeterId);
    expect(after.bill_street).toBe(before.bill_street);
    const rows = server.query<{ comments: string; previous: string }>(
      `SELECT comments, previous FROM address_changes WHERE meter_id = ${h.gasMeterId}`,
    );
    expect(rows.at(-1)?.comments).toBe("2ος όροφος");
  });

  it("'yes' makes the billing address the supply address", async () => {
    const r = await api.call<{ data: ApiChangeAddressLink }>(
      `/change-address/links/${await link(DEMO.company.firstMeterId)}`,
      { body: { same: "yes" } },
    );
    expect(r.status).toBe(200);
    const s = r.body.data.supply_address;
    expect(r.body.data.billing_address).toEqual(s);
  });

  it("needs the CSRF origin", async () => {
    const r = await api.call(`/change-address/links/${await link(h.gasMeterId)}`, {
      body: address,
      origin: false,
    });
    expect(r.status).toBe(403);
  });
});
