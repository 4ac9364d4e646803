/**
 * Links that the portal emails or texts: they are built from one configured public
 * origin, never from the request's `Host` (or `X-Forwarded-Host`), which any client can set. Every
 * anonymous endpoint that sends a link (password reset, signup and its activation resend) is
 * called, through the API and through the portal's own forms, with a forged host; the outbox
 * (GET /api/dev/outbox, development) must not contain that host.
 *
 * Node's fetch does not let a caller choose `Host`, so these requests go through node:http.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";

const EVIL_HOST = "evil.example";

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

interface RawResponse {
  status: number;
  location: string | undefined;
  body: string;
}

/** One HTTP/1.1 request to the test server with exactly these headers (Host included). */
function rawRequest(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body = "",
): Promise<RawResponse> {
  const target = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: pathname,
        headers: {
          ...headers,
          "content-length": String(Buffer.byteLength(body)),
          connection: "close",
        },
        setHost: false,
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout ${method} ${pathname}`)));
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Forged-host variants: `Host` itself (with the matching `Origin`, as a script sends it, so the
 * CSRF rule that compares Origin with the request's own origin lets it through) and the real
 * host with `X-Forwarded-Host` / `Forwarded` added.
 */
function forgedHosts(): Array<Record<string, string>> {
  const real = new URL(server.baseUrl);
  return [
    { host: EVIL_HOST, origin: `http://${EVIL_HOST}` },
    { host: `${EVIL_HOST}:${real.port}`, origin: `http://${EVIL_HOST}:${real.port}` },
    {
      host: real.host,
      origin: real.origin,
      "x-forwarded-host": EVIL_HOST,
      "x-forwarded-proto": "https",
      forwarded: `host=${EVIL_HOST};proto=https`,
    },
  ];
}

type OutboxRow = Awaited<ReturnType<typeof api.outbox>>[number];

/** Outbox rows written since `before` (ids grow), and none of them may name the forged host. */
async function newRows(before: number): Promise<OutboxRow[]> {
  const rows = (await api.outbox()) as Array<OutboxRow & { id: number }>;
  return rows.filter((row) => row.id > before);
}

async function lastOutboxId(): Promise<number> {
  const rows = (await api.outbox()) as Array<OutboxRow & { id: number }>;
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
}

function expectNoForgedHost(rows: OutboxRow[]) {
  for (const row of rows) {
    const text = `${row.subject}\n${row.body}\n${row.link ?? ""}`;
    expect(text.toLowerCase(), text).not.toContain(EVIL_HOST);
    // Every absolute link in the message goes to one origin: the configured public one.
    for (const url of text.match(/https?:\/\/[^\s"'<>]+/g) ?? []) {
      expect(new URL(url).hostname, url).not.toBe(EVIL_HOST);
    }
  }
}

describe("#14.4 emailed links are not built from the request's Host", () => {
  it("password reset (API and the /forgot-password form) with a forged host", async () => {
    for (const headers of forgedHosts()) {
      const before = await lastOutboxId();
      const viaApi = await rawRequest(
        "POST",
        "/api/v2/auth/password-reset",
        { ...headers, "content-type": "application/json" },
        JSON.stringify({ afm: DEMO.household.vat }),
      );
      expect(viaApi.status, viaApi.body).toBe(204);
      const viaPage = await rawRequest(
        "POST",
        "/forgot-password",
        { ...headers, "content-type": "application/x-www-form-urlencoded" },
        new URLSearchParams({ afm: DEMO.company.vat }).toString(),
      );
      expect([302, 303], viaPage.body.slice(0, 300)).toContain(viaPage.status);
      const rows = await newRows(before);
      // Both requests did send their email (the test would prove nothing otherwise).
      const links = rows.filter((row) => row.link?.startsWith("/reset-password/"));
      expect(links.length, JSON.stringify(headers)).toBe(2);
      for (const row of links) expect(row.body).toMatch(/https?:\/\/\S+\/reset-password\//);
      expectNoForgedHost(rows);
    }
  });

  it("signup and the activation resend (API and the /signup form) with a forged host", async () => {
    const person = DEMO.signupPerson;
    const fields = {
      afm: person.vat,
      supply_number: person.perCode,
      phone: person.phone,
      email: "sofia.makri@example.gr",
      password: "Demo2026!x",
      password_confirmation: "Demo2026!x",
    };
    let sent = 0;
    for (const [index, headers] of forgedHosts().entries()) {
      const before = await lastOutboxId();
      // The first call creates the account; later ones resend its activation link.
      const viaApi = await rawRequest(
        "POST",
        "/api/signup",
        { ...headers, "content-type": "application/json" },
        JSON.stringify({ ...fields, terms: true, website: "" }),
      );
      expect(viaApi.status, viaApi.body).toBe(201);
      const viaPage = await rawRequest(
        "POST",
        "/signup",
        { ...headers, "content-type": "application/x-www-form-urlencoded" },
        new URLSearchParams({ intent: "signup", ...fields, terms: "on", website: "" }).toString(),
      );
      expect([302, 303], `${index} ${viaPage.body.slice(0, 300)}`).toContain(viaPage.status);
      const rows = await newRows(before);
      const links = rows.filter((row) => row.link?.startsWith("/activate/"));
      expect(links.length, JSON.stringify(headers)).toBe(2);
      for (const row of links) expect(row.body).toMatch(/https?:\/\/\S+\/activate\//);
      sent += links.length;
      expectNoForgedHost(rows);
    }
    expect(sent).toBe(6);
  });
});
