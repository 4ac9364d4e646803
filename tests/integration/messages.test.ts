/**
 * Delivery of emails and SMS (issue #34, api/messages) on the built Worker with real providers:
 * email through the `send_email` binding as miniflare simulates it (the message's text and HTML
 * land in files that wrangler dev names in its log), SMS through a loopback stand-in of Twilio
 * (tests/support/twilio-stub.ts). Each adapter and each failure, the queue consumer's retries,
 * the dead-letter queue, exactly-once delivery under a redelivered message, and the scheduled
 * re-enqueue of rows a lost queue send left behind.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiDdFlowStart } from "../../core/contract/index.ts";
import { DEMO } from "../../seed/accounts.ts";
import { startTwilioStub, type TwilioStub } from "../support/twilio-stub.ts";
import { createClient } from "./client";
import { logLine, startServer, type TestServer } from "./server";

let server: TestServer;
let twilio: TwilioStub;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  twilio = await startTwilioStub();
  server = await startServer({
    logLevel: "log",
    vars: {
      EMAIL_PROVIDER: "cloudflare",
      EMAIL_FROM: "NRG <no-reply@my.nrg.gr>",
      EMAIL_REPLY_TO: "customercare@nrg.gr",
      SMS_PROVIDER: "twilio",
      SMS_FROM: "NRG",
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      // Retries at once: the growing delays are production's (unit-tested), not the test's wait.
      OUTBOX_RETRY_SECONDS: "0",
    },
  });
  api = createClient(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
});

let client = "";
let clients = 0;
beforeEach(() => {
  clients++;
  client = `198.51.100.${clients}`;
  twilio.behave("ok");
});

interface Row {
  id: number;
  channel: string;
  recipient: string;
  template: string;
  status: string;
  attempts: number;
  body: string;
  link: string | null;
  error: string | null;
  provider_id: string | null;
  secret: number;
}

const rows = (where: string) =>
  server.query<Row>(`SELECT * FROM outbox WHERE ${where} ORDER BY id DESC`);
const latest = (where: string) => rows(where)[0];

/** Polls the row until `done` accepts it (the consumer runs a moment after the answer). */
async function waitForRow(id: number, done: (row: Row) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = rows(`id = ${id}`)[0];
    if (row && done(row)) return row;
    if (Date.now() > deadline) throw new Error(`outbox ${id}: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const h = DEMO.household;
const startDd = (lang: "el" | "en" = "el") =>
  api.call<{ data: ApiDdFlowStart }>("/direct-debit/flows", {
    body: { afm: h.vat },
    lang,
    headers: { "cf-connecting-ip": client },
  });
const smsRows = () => rows(`channel = 'sms' AND template = 'dd_code'`);

/** Inserts a message as a lost queue send leaves it: queued, ten minutes old. */
function lostRow(channel: "email" | "sms", recipient: string, body: string) {
  const old = new Date(Date.now() - 10 * 60_000).toISOString();
  server.query(
    `INSERT INTO outbox (channel, recipient, subject, body, template, lang, status, created_at, updated_at)
     VALUES ('${channel}', '${recipient}', 'Test', '${body}', 'test', 'en', 'queued', '${old}', '${old}')`,
  );
  return server.query<{ id: number }>("SELECT max(id) AS id FROM outbox")[0]!.id;
}

async function runScheduled() {
  const response = await fetch(
    `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&format=json`,
  );
  expect(response.status).toBe(200);
}

/** The JSON lines the Worker logged for one outbox message. */
function attempts(id: number) {
  return server
    .log()
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith('{"type":"message"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.id === id);
}

describe("email through Cloudflare Email Service (miniflare's send_email)", () => {
  it("sends the activation email as text and HTML, from EMAIL_FROM, and empties the row's link", async () => {
    const person = DEMO.signupPerson;
    const response = await api.call("/signup", {
      lang: "en",
      headers: { "cf-connecting-ip": client },
      body: {
        afm: person.vat,
        supply_number: person.perCode,
        phone: person.phone,
        email: "sofia.delivery@example.gr",
        password: "Signup2026!",
        password_confirmation: "Signup2026!",
        terms: true,
        website: "",
      },
    });
    expect(response.status).toBe(201);
    const row = latest(`template = 'activation' AND recipient = 'sofia.delivery@example.gr'`)!;
    expect(row).toMatchObject({ channel: "email", status: "sent", attempts: 1, secret: 1 });
    // Sent by a real provider: the link and its token are no longer kept.
    expect(row.body).toBe("");
    expect(row.link).toBeNull();
    expect(row.provider_id).toMatch(/@/);

    const textLine = await logLine(server, (line) => /^Text: .*\.txt$/.test(line));
    const htmlLine = await logLine(server, (line) => /^HTML: .*\.html$/.test(line));
    expect(textLine && htmlLine).toBeTruthy();
    const text = readFileSync(textLine!.slice("Text: ".length), "utf8");
    const html = readFileSync(htmlLine!.slice("HTML: ".length), "utf8");
    expect(text).toContain("To activate your account open this link:");
    const link = text.match(/https?:\/\/\S+\/activate\/\S+/)?.[0];
    expect(link).toBeTruthy();
    expect(new URL(link!).origin).toBe(server.baseUrl);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`href="${link}"`);
    expect(server.log()).toContain(`From: "NRG" <no-reply@my.nrg.gr>`);
    expect(server.log()).toContain("To: sofia.delivery@example.gr");

    // The emailed link activates the account.
    const id = link!.split("/").pop();
    expect((await api.call("/v2/auth/activate", { body: { id } })).status).toBeLessThan(300);
    await expect.poll(() => attempts(row.id).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const line = attempts(row.id)[0]!;
    expect(line).toMatchObject({
      channel: "email",
      template: "activation",
      outcome: "sent",
      attempt: 1,
    });
    expect(JSON.stringify(line)).not.toMatch(/sofia|activate\//);
  });

  it("fails an invalid address at once (permanent), without a retry", async () => {
    const id = lostRow("email", "not-an-address", "hello");
    await runScheduled();
    const row = await waitForRow(id, (r) => r.status === "failed");
    expect(row).toMatchObject({ attempts: 1, error: "invalid_address" });
  });
});

/**
 * The scheduled job also sends the day's notices (#36 §2: a reading period that opens, an overdue
 * reminder), whichever demo supplies they fall on today; they reach the Twilio stand-in a moment
 * later. The SMS tests count the stand-in's messages and its scripted failures, so they start once
 * every notice released so far has been delivered (a notice held for the quiet hours stays held).
 */
async function settleNotices(timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  const pending = () =>
    rows(
      `status = 'queued' AND template <> 'test' AND (not_before IS NULL OR not_before <= '${new Date().toISOString()}')`,
    ).length;
  while (pending() > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("SMS through Twilio", () => {
  beforeAll(() => settleNotices());

  it("sends the direct-debit code in E.164, in one segment, and the code works", async () => {
    const before = twilio.messages.length;
    const started = await startDd("el");
    expect(started.status).toBe(201);
    await twilio.waitForMessages(before + 1);
    // The code's SMS, whatever notice may have arrived beside it.
    const message = twilio.messages.slice(before).find((m) => m.to === `+30${h.phone}`);
    expect(message).toMatchObject({ to: `+30${h.phone}`, from: "NRG" });
    expect(message!.body.length).toBeLessThanOrEqual(70);
    const code = message!.body.match(/\b(\d{6})\b/)?.[1];
    const row = smsRows()[0]!;
    expect(row).toMatchObject({ status: "sent", attempts: 1, body: "", provider_id: message!.sid });
    const verified = await api.call(`/direct-debit/flows/${started.body.data.flow_token}/verify`, {
      body: { code },
    });
    expect(verified.status).toBe(200);
  });

  it("a number Twilio refuses (21211) fails at once and the flow says so", async () => {
    twilio.behave("invalid_number");
    const requests = twilio.requests;
    const started = await startDd("en");
    expect(started.status).toBe(400);
    expect(started.code).toBe("dd_sms_not_sent");
    // Over: the code is not kept either.
    expect(smsRows()[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      error: "twilio_21211",
      body: "",
    });
    expect(twilio.requests).toBe(requests + 1);
  });

  it("retries a 500 and a 429 through the queue until it is sent, once", async () => {
    twilio.behave("server_error", 1);
    const first = await startDd();
    expect(first.status).toBe(201);
    const a = await waitForRow(smsRows()[0]!.id, (r) => r.status === "sent");
    expect(a.attempts).toBe(2);

    twilio.behave("too_many_requests", 2);
    const before = twilio.messages.length;
    expect((await startDd()).status).toBe(201);
    const b = await waitForRow(smsRows()[0]!.id, (r) => r.status === "sent");
    expect(b.attempts).toBe(3);
    expect(twilio.messages.length).toBe(before + 1);
    // The row is written before the Worker's log line reaches its stdout: wait for the line.
    await expect
      .poll(() => attempts(b.id).map((line) => line.outcome), { timeout: 10_000 })
      .toEqual(["retry", "retry", "sent"]);
  });

  it("an SMS whose answer never came is marked ambiguous and not sent again", async () => {
    twilio.behave("hang", 1);
    const requests = twilio.requests;
    const started = await startDd();
    // The customer is not told it failed: it may have arrived (they can ask for another).
    expect(started.status).toBe(201);
    const row = smsRows()[0]!;
    expect(row).toMatchObject({ status: "ambiguous", attempts: 1, error: "timeout" });
    await runScheduled();
    expect(rows(`id = ${row.id}`)[0]).toMatchObject({ status: "ambiguous", attempts: 1 });
    expect(twilio.requests).toBe(requests + 1);
  });

  it("after the retries, the dead-letter queue marks the message failed", async () => {
    twilio.behave("server_error");
    const id = lostRow("sms", h.phone, "dead letter test");
    await runScheduled();
    const row = await waitForRow(id, (r) => r.status === "failed", 40_000);
    expect(row.error).toBe("dead_letter");
    // The queue's first delivery and its 5 retries (wrangler.toml max_retries).
    expect(row.attempts).toBe(6);
    twilio.behave("ok");
  }, 60_000);
});

describe("exactly once", () => {
  it("a redelivered queue message (the same id three times in one batch, then again) sends once", async () => {
    const before = twilio.messages.length;
    const id = lostRow("sms", h.phone, "once");
    const enqueue = () =>
      api.call("/dev/outbox/enqueue", {
        body: { id, times: 3 },
        headers: { "cf-connecting-ip": client },
      });
    expect((await enqueue()).status).toBe(204);
    await waitForRow(id, (r) => r.status === "sent");
    expect((await enqueue()).status).toBe(204);
    // A marker sent after the redelivered ones: once it is sent, they were consumed too.
    const marker = lostRow("sms", h.phone, "marker");
    const queued = await api.call("/dev/outbox/enqueue", { body: { id: marker } });
    expect(queued.status).toBe(204);
    await waitForRow(marker, (r) => r.status === "sent");
    expect(twilio.messages.slice(before).filter((m) => m.body === "once")).toHaveLength(1);
    expect(rows(`id = ${id}`)[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("the scheduled job re-enqueues a row still queued after five minutes, not a fresh one", async () => {
    const id = lostRow("sms", h.phone, "lost send");
    server.query(
      `INSERT INTO outbox (channel, recipient, subject, body, template, status) VALUES ('sms', '${h.phone}', 'x', 'fresh', 'test', 'queued')`,
    );
    const fresh = server.query<{ id: number }>("SELECT max(id) AS id FROM outbox")[0]!.id;
    await runScheduled();
    await waitForRow(id, (r) => r.status === "sent");
    expect(rows(`id = ${fresh}`)[0]).toMatchObject({ status: "queued", attempts: 0 });
  });
});
