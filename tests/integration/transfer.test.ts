import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_FAILED_LOOKUPS_PER_HOUR,
  MAX_SUBMISSIONS_PER_HOUR,
} from "../../core/applications/rules.ts";
import { DEMO } from "../../seed/accounts.ts";
import { TRANSFER_DEMO } from "../../seed/applications.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/** Transfer (/metavasi) and new-supply applications: docs/api/applications.md. */

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

let ipCounter = 0;
/** Each test gets its own client IP, so the hourly throttles of one test never touch another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

type Call = Parameters<ReturnType<typeof createClient>["call"]>[1];

function client(ip = freshIp()) {
  const call = (path: string, options: Call = {}) =>
    api.call(`/applications${path}`, {
      ...options,
      headers: { "cf-connecting-ip": ip, ...options?.headers },
    });
  return {
    ip,
    call,
    async draft(kind: "transfer" | "new_supply" = "transfer"): Promise<string> {
      const r = await call("/drafts", { body: { kind } });
      expect(r.status).toBe(201);
      return r.body.data.id as string;
    },
    step: (id: string, step: string, body: unknown) =>
      call(`/drafts/${id}/steps/${step}`, { method: "PUT", body }),
    submit: (id: string, body: unknown = { consent: true }, lang?: "el" | "en") =>
      call(`/drafts/${id}/submit`, { body, lang }),
  };
}

const { holder } = TRANSFER_DEMO;
const contact = { phone: holder.phone, email: "nikos.antoniou@example.gr", afm: holder.vat };

let supplySerial = 0;
/** A 9-digit supply number no one uses yet. */
const newSupplyNumber = () => `1990000${String(++supplySerial).padStart(2, "0")}`;

async function completeTransfer(c: ReturnType<typeof client>, supply = newSupplyNumber()) {
  const id = await c.draft();
  expect((await c.step(id, "contact", contact)).status).toBe(200);
  expect((await c.step(id, "tariff", { tariff: "residential_night" })).status).toBe(200);
  expect((await c.step(id, "supply", { supply_number: supply })).status).toBe(200);
  return id;
}

const newSupply = {
  name: "Ελένη Παππά",
  afm: TRANSFER_DEMO.holder.vat,
  email: "eleni.pappa@example.gr",
  mobile: "6972345678",
  id_number: "ab 123456",
  fax: "",
  supply_type: "gas",
  ownership: "lessee",
  supply_count: "3",
  address: "Ερμού 10",
  postal_code: "10563",
  city: "Αθήνα",
};

describe("drafts", () => {
  it("POST /drafts starts an empty draft of either kind", async () => {
    const c = client();
    for (const kind of ["transfer", "new_supply"]) {
      const r = await c.call("/drafts", { body: { kind } });
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({ kind, values: {}, completed: [] });
      expect(r.body.data.id).toMatch(/^[\w-]{22}$/);
      expect(Date.parse(r.body.data.expires_at)).toBeGreaterThan(Date.now() + 86_400_000);
    }
  });

  it("POST /drafts refuses an unknown kind and needs a same-origin request", async () => {
    const c = client();
    const r = await c.call("/drafts", { body: { kind: "moving" } });
    expect([r.status, r.code, r.field]).toEqual([400, "validation", "kind"]);
    const csrf = await c.call("/drafts", { body: { kind: "transfer" }, origin: false });
    expect([csrf.status, csrf.code]).toEqual([403, "csrf"]);
  });

  it("GET /drafts/:id keeps every saved step; an unknown id is 404", async () => {
    const c = client();
    const id = await c.draft();
    await c.step(id, "contact", { ...contact, phone: "697 123 4567" });
    const r = await c.call(`/drafts/${id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, completed: ["contact"], values: contact });
    expect((await c.call("/drafts/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
  });

  it("another browser's draft id is only reachable with the id itself (404 otherwise)", async () => {
    const mine = client();
    const id = await mine.draft();
    const other = client();
    const guessed = `${id.slice(0, -2)}${id.endsWith("AA") ? "BB" : "AA"}`;
    expect((await other.call(`/drafts/${guessed}`)).status).toBe(404);
    expect((await other.step(guessed, "contact", contact)).status).toBe(404);
    expect((await other.submit(guessed)).status).toBe(404);
  });

  it("a step of the other flow, or an unknown step, is 404", async () => {
    const c = client();
    const id = await c.draft("new_supply");
    expect((await c.step(id, "contact", contact)).status).toBe(404);
    expect((await c.step(id, "nonsense", {})).status).toBe(404);
  });

  it("a step before the previous ones are saved is application_incomplete", async () => {
    const c = client();
    const id = await c.draft();
    const r = await c.step(id, "tariff", { tariff: "residential" });
    expect([r.status, r.code]).toEqual([400, "application_incomplete"]);
  });
});

describe("transfer steps: the four errors of spec §8 and the supply checks", () => {
  it("phone invalid and email invalid are validation errors on their fields", async () => {
    const c = client();
    const id = await c.draft();
    const phone = await c.step(id, "contact", { ...contact, phone: "2101234567" });
    expect([phone.status, phone.code, phone.field, phone.body.error.message]).toEqual([
      400,
      "validation",
      "phone",
      "transfer:errors.phoneInvalid",
    ]);
    const email = await c.step(id, "contact", { ...contact, email: "nikos@" });
    expect([email.status, email.field, email.body.error.message]).toEqual([
      400,
      "email",
      "transfer:errors.emailInvalid",
    ]);
    // "VAT not found" (spec §8): a VAT that fails its check digit (#35 §5).
    const vat = await c.step(id, "contact", { ...contact, afm: TRANSFER_DEMO.badCheckDigitVat });
    expect([vat.code, vat.field, vat.body.error.message]).toEqual([
      "validation",
      "afm",
      "transfer:errors.vatNotFound",
    ]);
    expect((await c.call(`/drafts/${id}`)).body.data.completed).toEqual([]);
  });

  it("a valid VAT that no register knows is a new customer: on to the tariff (#35 §5)", async () => {
    const c = client();
    const id = await c.draft();
    const r = await c.step(id, "contact", { ...contact, afm: TRANSFER_DEMO.unknownVat });
    expect(r.status).toBe(200);
    expect((await c.call(`/drafts/${id}`)).body.data.completed).toEqual(["contact"]);
  });

  it("phone not found: not the mobile declared for that VAT", async () => {
    const c = client();
    const id = await c.draft();
    const r = await c.step(id, "contact", { ...contact, phone: "6999999999" });
    expect([r.status, r.code, r.field]).toEqual([400, "phone_not_found", "phone"]);
  });

  it("our own customers are holders too", async () => {
    const c = client();
    const id = await c.draft();
    const r = await c.step(id, "contact", {
      phone: DEMO.household.phone,
      email: DEMO.household.email,
      afm: DEMO.household.vat,
    });
    expect(r.status).toBe(200);
  });

  it("the tariff must be one of the five categories", async () => {
    const c = client();
    const id = await c.draft();
    await c.step(id, "contact", contact);
    const r = await c.step(id, "tariff", { tariff: "industrial" });
    expect([r.status, r.code, r.field]).toEqual([400, "validation", "tariff"]);
  });

  it("a supply already with us, or with a transfer under way, cannot move", async () => {
    const c = client();
    const id = await c.draft();
    await c.step(id, "contact", contact);
    await c.step(id, "tariff", { tariff: "residential" });
    const ours = await c.step(id, "supply", { supply_number: TRANSFER_DEMO.ourSupply });
    expect([ours.status, ours.code, ours.field]).toEqual([
      400,
      "already_customer",
      "supply_number",
    ]);
    const pending = await c.step(id, "supply", { supply_number: TRANSFER_DEMO.pendingSupply });
    expect([pending.status, pending.code, pending.field]).toEqual([
      409,
      "transfer_pending",
      "supply_number",
    ]);
    const format = await c.step(id, "supply", { supply_number: "12345" });
    expect([format.code, format.field]).toEqual(["validation", "supply_number"]);
  });

  it("a filled honeypot is captcha, before anything else", async () => {
    const c = client();
    const id = await c.draft();
    const r = await c.step(id, "contact", { website: "http://spam" });
    expect([r.status, r.code]).toEqual([400, "captcha"]);
  });
});

describe("POST /drafts/:id/submit", () => {
  it("stores the transfer with a reference, emails a confirmation and ends the draft", async () => {
    const c = client();
    const supply = newSupplyNumber();
    const id = await completeTransfer(c, supply);
    const r = await c.submit(id, { consent: true }, "en");
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ kind: "transfer", email: contact.email });
    const reference = r.body.data.reference as string;
    expect(reference).toMatch(/^T-\d{4}-\d{6}$/);
    const mail = (await api.outbox()).find((m) => m.subject.includes(reference));
    expect(mail?.recipient).toBe(contact.email);
    expect(mail?.body).toContain(supply);
    expect(mail?.body).toContain("Residential with night rate");
    expect((await c.call(`/drafts/${id}`)).status).toBe(404);

    // The supply now has a transfer under way.
    const second = client();
    const other = await second.draft();
    await second.step(other, "contact", contact);
    await second.step(other, "tariff", { tariff: "residential" });
    const pending = await second.step(other, "supply", { supply_number: supply });
    expect(pending.code).toBe("transfer_pending");
  });

  it("checks the supply again at submission: two drafts for one supply, one application", async () => {
    const supply = newSupplyNumber();
    const a = client();
    const b = client();
    const first = await completeTransfer(a, supply);
    const second = await completeTransfer(b, supply);
    expect((await a.submit(first)).status).toBe(201);
    const r = await b.submit(second);
    expect([r.status, r.code]).toEqual([409, "transfer_pending"]);
  });

  it("needs the consent and every step", async () => {
    const c = client();
    const id = await c.draft();
    await c.step(id, "contact", contact);
    const consent = await c.submit(id, { consent: false });
    expect([consent.status, consent.code, consent.field]).toEqual([400, "validation", "consent"]);
    const incomplete = await c.submit(id);
    expect([incomplete.status, incomplete.code]).toEqual([400, "application_incomplete"]);
  });

  it("answers captcha for a filled honeypot", async () => {
    const c = client();
    const id = await completeTransfer(c);
    const r = await c.submit(id, { consent: true, website: "x" });
    expect([r.status, r.code]).toEqual([400, "captcha"]);
  });

  it("stores a new-supply application (N- reference, Greek email by default)", async () => {
    const c = client();
    const id = await c.draft("new_supply");
    const saved = await c.step(id, "details", newSupply);
    expect(saved.status).toBe(200);
    expect(saved.body.data.values).toMatchObject({ id_number: "ΑΒ123456", supply_count: 3 });
    expect(saved.body.data.values.fax).toBeUndefined();
    const r = await c.submit(id);
    expect(r.status).toBe(201);
    const reference = r.body.data.reference as string;
    expect(reference).toMatch(/^N-\d{4}-\d{6}$/);
    const mail = (await api.outbox()).find((m) => m.subject.includes(reference));
    expect(mail?.recipient).toBe(newSupply.email);
    expect(mail?.subject).toContain("νέας παροχής");
    expect(mail?.body).toContain("Ερμού 10, 10563 Αθήνα");
  });

  it("new-supply details are validated field by field", async () => {
    const c = client();
    const id = await c.draft("new_supply");
    for (const [field, value] of [
      ["mobile", "2101234567"],
      ["id_number", "1234567"],
      ["fax", "6971234567"],
      ["supply_type", "water"],
      ["ownership", "tenant"],
      ["supply_count", "100"],
      ["afm", "123456789"],
    ] as const) {
      const r = await c.step(id, "details", { ...newSupply, [field]: value });
      expect([r.status, r.code, r.field]).toEqual([400, "validation", field]);
    }
  });
});

describe("throttling (spec §8 'too many attempts')", () => {
  it(`after ${MAX_FAILED_LOOKUPS_PER_HOUR} failed look-ups from an IP this hour, even the right details get 429`, async () => {
    const c = client();
    const id = await c.draft();
    for (let i = 0; i < MAX_FAILED_LOOKUPS_PER_HOUR; i++) {
      // A known holder with a mobile that is not the declared one: a failed look-up.
      const r = await c.step(id, "contact", { ...contact, phone: "6999999999" });
      expect(r.code).toBe("phone_not_found");
    }
    const blocked = await c.step(id, "contact", contact);
    expect([blocked.status, blocked.code]).toEqual([429, "too_many_attempts"]);
    // Another IP is not affected.
    const other = client();
    const otherId = await other.draft();
    expect((await other.step(otherId, "contact", contact)).status).toBe(200);
  });

  it(`after ${MAX_SUBMISSIONS_PER_HOUR} applications from an IP this hour, the next gets 429`, async () => {
    const ip = freshIp();
    const c = client(ip);
    for (let i = 0; i < MAX_SUBMISSIONS_PER_HOUR; i++) {
      const id = await c.draft("new_supply");
      await c.step(id, "details", newSupply);
      expect((await c.submit(id)).status).toBe(201);
    }
    const id = await c.draft("new_supply");
    await c.step(id, "details", newSupply);
    const r = await c.submit(id);
    expect([r.status, r.code]).toEqual([429, "too_many_attempts"]);
    // The draft is kept: the customer can send it later.
    expect((await c.call(`/drafts/${id}`)).status).toBe(200);
  });
});
