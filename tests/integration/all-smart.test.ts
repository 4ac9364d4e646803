import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiAllSmartFlow, ApiAllSmartLink, ApiMyMarket } from "../../core/contract/index.ts";
import { cardNumberFromSerial, isValidCardNumber } from "../../core/all-smart.ts";
import { signToken } from "../../api/lib/signing.ts";
import { DEMO } from "../../seed/accounts.ts";
import { DEMO_CARDS } from "../../seed/all-smart.ts";
import { createClient } from "./client";
import { devVar } from "./secrets";
import { startServer, type TestServer } from "./server";

/**
 * allSmart loyalty card: the signed link, the VAT step with every spec §8 error, link a
 * card or create one, the flow kept on the server, the throttle, and /mymarket.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
const secret = () => devVar("LINK_SECRET");
const inAMonth = () => Math.floor(Date.now() / 1000) + 30 * 24 * 3600;

const link = (customerId: number, purpose = "all-smart", expires = inAMonth()) =>
  signToken(secret(), purpose, { c: customerId }, expires);

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

const step1 = (hash: string, over: Record<string, unknown> = {}) => ({
  hash,
  vat: DEMO.household.vat,
  phone: "6944123456",
  choice: "create",
  privacy: true,
  terms: true,
  website: "",
  ...over,
});

async function startFlow(customerId: number, vat: string, choice: "connect" | "create") {
  const r = await api.call<{ data: ApiAllSmartFlow }>("/all-smart/flows", {
    body: step1(await link(customerId), { vat, choice }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

describe("GET /all-smart/links/{hash}", () => {
  it("names the customer of a valid link (prefill)", async () => {
    const r = await api.call<{ data: ApiAllSmartLink }>(
      `/all-smart/links/${await link(DEMO.household.customerId)}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      vat: DEMO.household.vat,
      name: DEMO.household.name,
      phone: expect.any(String),
      has_card: false,
    });
  });

  it("refuses an expired, altered, unsigned or other-purpose link", async () => {
    const expired = await link(
      DEMO.household.customerId,
      "all-smart",
      Math.floor(Date.now() / 1000) - 5,
    );
    expect((await api.call(`/all-smart/links/${expired}`)).code).toBe("link_expired");
    const good = await link(DEMO.household.customerId);
    const altered = `${good.slice(0, 10)}${good[10] === "A" ? "B" : "A"}${good.slice(11)}`;
    for (const hash of [altered, "not-a-hash", await link(DEMO.household.customerId, "mymarket")]) {
      const r = await api.call(`/all-smart/links/${hash}`);
      expect(r.status).toBe(400);
      expect(r.code).toBe("bad_token");
    }
    // Signed with another key.
    const forged = await signToken("another-secret", "all-smart", { c: 1 }, inAMonth());
    expect((await api.call(`/all-smart/links/${forged}`)).code).toBe("bad_token");
    // A well-signed link naming no customer.
    const nobody = await link(999_999);
    expect((await api.call(`/all-smart/links/${nobody}`)).code).toBe("bad_token");
  });
});

describe("POST /all-smart/flows (VAT step)", () => {
  it("validates VAT, phone, choice, privacy and terms", async () => {
    const hash = await link(DEMO.household.customerId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vat: "123456789" }, "vat", "allSmart:errors.invalidVat"],
      [{ phone: "2101234567" }, "phone", "allSmart:errors.invalidPhone"],
      [{ choice: "other" }, "choice", "allSmart:errors.choose"],
      [{ privacy: false }, "privacy", "allSmart:errors.privacy"],
      [{ terms: false }, "terms", "validate.terms"],
    ];
    for (const [over, field, message] of cases) {
      const r = await api.call("/all-smart/flows", { body: step1(hash, over) });
      expect(r.status, field).toBe(400);
      expect(r.code).toBe("validation");
      expect(r.field).toBe(field);
      expect(r.body.error.message).toBe(message);
    }
  });

  it("answers the honeypot with captcha", async () => {
    const r = await api.call("/all-smart/flows", {
      body: step1(await link(DEMO.household.customerId), { website: "http://spam" }),
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe("captcha");
  });

  it("says 'VAT not registered' for an unknown VAT or another customer's", async () => {
    const hash = await link(DEMO.household.customerId);
    // 710000006 has a valid check digit and is in no billing data.
    for (const vat of ["710000006", DEMO.company.vat]) {
      const r = await api.call("/all-smart/flows", { body: step1(hash, { vat }) });
      expect(r.status).toBe(400);
      expect(r.code).toBe("vat_not_registered");
    }
  });

  it("says 'no eligible meters' for a customer without an Active supply", async () => {
    for (const who of [DEMO.former, DEMO.applicant]) {
      const r = await api.call("/all-smart/flows", {
        body: step1(await link(who.customerId), { vat: who.vat }),
      });
      expect(r.status).toBe(400);
      expect(r.code).toBe("no_eligible_meters");
    }
  });

  it("says 'card exists' for a VAT that already holds a card", async () => {
    const k = DEMO.signupCompany;
    const r = await api.call("/all-smart/flows", {
      body: step1(await link(k.customerId), { vat: k.vat }),
    });
    expect(r.status).toBe(409);
    expect(r.code).toBe("card_exists");
  });

  it("refuses a link that expired or was altered", async () => {
    const expired = await link(
      DEMO.household.customerId,
      "all-smart",
      Math.floor(Date.now() / 1000) - 5,
    );
    expect((await api.call("/all-smart/flows", { body: step1(expired) })).code).toBe(
      "link_expired",
    );
    expect((await api.call("/all-smart/flows", { body: step1("x.y") })).code).toBe("bad_token");
  });

  it("opens a flow kept on the server", async () => {
    const flow = await startFlow(DEMO.household.customerId, DEMO.household.vat, "connect");
    expect(flow).toMatchObject({ vat: DEMO.household.vat, choice: "connect", status: "open" });
    expect(flow.id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const again = await api.call<{ data: ApiAllSmartFlow }>(`/all-smart/flows/${flow.id}`);
    expect(again.body.data.id).toBe(flow.id);
  });

  it("needs the CSRF origin", async () => {
    const r = await api.call("/all-smart/flows", {
      body: step1(await link(DEMO.household.customerId)),
      origin: false,
    });
    expect(r.status).toBe(403);
  });
});

describe("connect an existing card", () => {
  it("refuses a malformed or unknown card and keeps what was typed", async () => {
    const flow = await startFlow(DEMO.household.customerId, DEMO.household.vat, "connect");
    const typed = "6270 0000 0000 1234";
    const r = await api.call(`/all-smart/flows/${flow.id}/connect`, {
      body: { card_number: typed },
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe("card_invalid");
    const unknown = cardNumberFromSerial("99999999999");
    expect(
      (await api.call(`/all-smart/flows/${flow.id}/connect`, { body: { card_number: unknown } }))
        .code,
    ).toBe("card_invalid");
    const reloaded = await api.call<{ data: ApiAllSmartFlow }>(`/all-smart/flows/${flow.id}`);
    expect(reloaded.body.data.draft_card_number).toBe(unknown);
  });

  it("says 'card exists' for another customer's card", async () => {
    const flow = await startFlow(DEMO.company.customerId, DEMO.company.vat, "connect");
    const r = await api.call(`/all-smart/flows/${flow.id}/connect`, {
      body: { card_number: DEMO_CARDS.held },
    });
    expect(r.status).toBe(409);
    expect(r.code).toBe("card_exists");
  });

  it("links an issued card, once", async () => {
    const flow = await startFlow(DEMO.company.customerId, DEMO.company.vat, "connect");
    const card = DEMO_CARDS.unlinked[0];
    const r = await api.call<{ data: ApiAllSmartFlow }>(`/all-smart/flows/${flow.id}/connect`, {
      body: { card_number: card.replace(/(\d{4})/g, "$1 ").trim() },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: "done", card_number: card });
    const row = server.query<{ customer_id: number }>(
      `SELECT customer_id FROM loyalty_cards WHERE card_number = '${card}'`,
    )[0];
    expect(row?.customer_id).toBe(DEMO.company.customerId);
    // The same flow cannot link again, and the VAT now holds a card.
    expect(
      (await api.call(`/all-smart/flows/${flow.id}/connect`, { body: { card_number: card } })).code,
    ).toBe("card_exists");
    const next = await api.call("/all-smart/flows", {
      body: step1(await link(DEMO.company.customerId), { vat: DEMO.company.vat }),
    });
    expect(next.code).toBe("card_exists");
  });
});

describe("create a card", () => {
  it("refuses a minor and an impossible date, keeping what was typed", async () => {
    const flow = await startFlow(DEMO.household.customerId, DEMO.household.vat, "create");
    const now = new Date();
    const minor = `${now.getUTCFullYear() - 17}-01-01`;
    const r = await api.call(`/all-smart/flows/${flow.id}/create`, { body: { birth_date: minor } });
    expect(r.status).toBe(400);
    expect(r.code).toBe("minor");
    const bad = await api.call(`/all-smart/flows/${flow.id}/create`, {
      body: { birth_date: "2001-02-30" },
    });
    expect(bad.code).toBe("validation");
    expect(bad.body.error.message).toBe("allSmart:errors.birthDate");
    const reloaded = await api.call<{ data: ApiAllSmartFlow }>(`/all-smart/flows/${flow.id}`);
    expect(reloaded.body.data.draft_birth_date).toBe("2001-02-30");
  });

  it("creates a valid card for an adult and emails it", async () => {
    const flow = await startFlow(DEMO.household.customerId, DEMO.household.vat, "create");
    const r = await api.call<{ data: ApiAllSmartFlow }>(`/all-smart/flows/${flow.id}/create`, {
      body: { birth_date: "1980-06-15" },
      lang: "en",
    });
    expect(r.status).toBe(200);
    const card = r.body.data.card_number ?? "";
    expect(isValidCardNumber(card)).toBe(true);
    const mails = await api.outbox();
    expect(mails.some((m) => m.body.includes(card.slice(-4)))).toBe(true);
    const linkData = await api.call<{ data: ApiAllSmartLink }>(
      `/all-smart/links/${await link(DEMO.household.customerId)}`,
    );
    expect(linkData.body.data.has_card).toBe(true);
  });
});

describe("flow ids and throttling", () => {
  it("404s an unknown or malformed flow id", async () => {
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "../../etc"]) {
      const r = await api.call(`/all-smart/flows/${encodeURIComponent(id)}`);
      expect(r.status).toBe(404);
      const post = await api.call(`/all-smart/flows/${encodeURIComponent(id)}/connect`, {
        body: { card_number: DEMO_CARDS.unlinked[1] },
      });
      expect(post.status).toBe(404);
    }
  });

  it("answers 'too many attempts' (429, never 5xx) after 5 failures per VAT in an hour", async () => {
    const who = DEMO.largeCompany;
    const flow = await startFlow(who.customerId, who.vat, "connect");
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await api.call(`/all-smart/flows/${flow.id}/connect`, {
        body: { card_number: "6270000000000000" },
      });
      codes.push(`${r.status} ${r.code}`);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill("400 card_invalid"));
    expect(codes[5]).toBe("429 too_many_attempts");
    // Even a right answer waits, and so does a new flow for that VAT.
    const right = await api.call(`/all-smart/flows/${flow.id}/connect`, {
      body: { card_number: DEMO_CARDS.unlinked[2] },
    });
    expect(right.status).toBe(429);
    const fresh = await api.call("/all-smart/flows", {
      body: step1(await link(who.customerId), { vat: who.vat }),
    });
    expect(fresh.code).toBe("too_many_attempts");
  });
});

describe("GET /mymarket/links/{hash}", () => {
  it("picks offers for the customer", async () => {
    const k = DEMO.signupCompany;
    const r = await api.call<{ data: ApiMyMarket }>(
      `/mymarket/links/${await link(k.customerId, "mymarket")}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      name: k.name,
      card_last4: DEMO_CARDS.held.slice(-4),
      electricity: true,
    });
    expect(r.body.data.offers[0]).toBe("cardWelcome");
  });

  it("refuses an all-smart link, an expired or an altered one", async () => {
    const hashes = [
      await link(1, "all-smart"),
      await link(1, "mymarket", Math.floor(Date.now() / 1000) - 1),
      "abc.def",
    ];
    const codes = [];
    for (const h of hashes) codes.push((await api.call(`/mymarket/links/${h}`)).code);
    expect(codes).toEqual(["bad_token", "link_expired", "bad_token"]);
  });
});

describe("development helpers", () => {
  it("lists signed demo links that open", async () => {
    const r = await api.call<{ data: { purpose: string; path: string }[] }>("/all-smart/dev/links");
    expect(r.status).toBe(200);
    const first = r.body.data.find((l) => l.purpose === "all-smart");
    const hash = first?.path.split("/").pop() ?? "";
    expect((await api.call(`/all-smart/links/${hash}`)).status).toBe(200);
  });
});
