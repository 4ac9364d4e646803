/**
 * The Worker's structured log (workers/log.ts), unit level: what a line carries and what it
 * never carries. The integration side (a real request's line in wrangler dev's output) is in
 * tests/security/production.test.ts.
 */
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cloudflareContext } from "../app/context";
import { handleError } from "../app/entry.server";
import { errorLine, logError, logMethod, logRequest, redact, requestId } from "./log";
import { routeMatcher } from "./routes";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("#14 run like a live service: log redaction", () => {
  const secrets: Array<[string, string]> = [
    ["a JWT", "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLWJ5dGVz expired"],
    ["a bearer header", "Authorization: Bearer abc.def.ghi was refused"],
    ["a password field", 'body {"username":"100000003","password":"Demo2026!"}'],
    ["a password in a form", "username=100000003&password=Demo2026%21&intent=login"],
    ["a card number", "card 4111 1111 1111 1111 declined"],
    ["a card number with dashes", "pan=4000-0000-0000-0069"],
    ["a CVV", "cvv: 123"],
    ["a cookie", "Cookie: __Host-session=eyJhY2Nlc3NfdG9rZW4iOiJ4In0.sig"],
    ["a query string", "GET /reset-password/abc?token=s3cr3t-value&lng=en failed"],
    ["a signed link in a path", "no route for /pay/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg"],
    ["an email address", "no customer for maria.papadopoulou@example.gr"],
    ["a mobile number", "SMS to +30 691 234 5678 failed"],
    ["a VAT number", "no user with VAT 100000003"],
  ];
  const needles: Record<string, RegExp> = {
    "a JWT": /eyJ|c2lnbmF0dXJl/,
    "a bearer header": /abc\.def/,
    "a password field": /Demo2026|100000003/,
    "a password in a form": /Demo2026|100000003/,
    "a card number": /4111/,
    "a card number with dashes": /4000-0000/,
    "a CVV": /123/,
    "a cookie": /eyJhY2Nl|sig\b/,
    "a query string": /s3cr3t|lng=en/,
    "a signed link in a path": /Zm9vYmFy/,
    "an email address": /maria|example\.gr/,
    "a mobile number": /691|5678/,
    "a VAT number": /100000003/,
  };

  it.each(secrets)("removes %s", (what, text) => {
    const out = redact(text);
    expect(out, what).not.toMatch(needles[what] as RegExp);
  });

  it("keeps what an operator needs: words, dates, small numbers", () => {
    expect(redact("D1_ERROR: no such table: sessions")).toBe("D1_ERROR: no such table: sessions");
    expect(redact("invoice 2026-11-24 not found (status 404)")).toBe(
      "invoice 2026-11-24 not found (status 404)",
    );
  });

  it("a failed query keeps its statement and drops the values bound to it", () => {
    const out = redact(
      'Failed query: insert into "requests" ("kind", "payload") values (?, ?)\nparams: contact,Γεια σας, my message',
    );
    expect(out).toMatch(/^Failed query: insert into "requests" \("kind", "payload"\) values/);
    expect(out).toMatch(/params: \[redacted\]$/);
    expect(out).not.toMatch(/contact|Γεια|message/);
  });

  it("one line, at most 300 characters", () => {
    const out = redact(`first line\nsecond\r\nthird ${"word ".repeat(200)}`);
    expect(out).not.toMatch(/[\r\n]/);
    expect(out.length).toBeLessThanOrEqual(301);
  });
});

describe("#14 run like a live service: log lines", () => {
  it("an error line: id, name, redacted message and cause, stack frames without the message", () => {
    const error = new TypeError("bad input for maria@example.gr with token=abcdef", {
      cause: new Error("D1_ERROR: UNIQUE constraint failed: users.email"),
    });
    const line = errorLine(error, { id: "req-1", route: "/signup", where: "router" });
    expect(line).toMatchObject({
      type: "error",
      id: "req-1",
      route: "/signup",
      where: "router",
      name: "TypeError",
      cause: "Error: D1_ERROR: UNIQUE constraint failed: users.email",
    });
    expect(line.message).not.toMatch(/maria|abcdef/);
    expect(line.stack?.length).toBeGreaterThan(0);
    for (const frame of line.stack ?? []) expect(frame).toMatch(/^at /);
    expect(JSON.stringify(line)).not.toMatch(/maria|abcdef/);
  });

  it("anything thrown, not only Errors", () => {
    expect(errorLine("plain text with 4111111111111111", { id: "x", where: "w" })).toMatchObject({
      name: "string",
      message: "plain text with [number]",
    });
    expect(errorLine({ weird: true }, { id: "x", where: "w" }).message).toBe("");
  });

  it("writes one JSON line per call: requests with console.log, errors with console.error", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    logRequest({ id: "r", method: "GET", route: "/b2b", status: 200, ms: 3, user: 1 });
    logError(new Error("boom"), { id: "r", where: "worker" });
    expect(log).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    const request = JSON.parse(String(log.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(request).toEqual({
      type: "request",
      id: "r",
      method: "GET",
      route: "/b2b",
      status: 200,
      ms: 3,
      user: 1,
    });
    expect(JSON.parse(String(error.mock.calls[0]?.[0]))).toMatchObject({ type: "error", id: "r" });
  });

  it("request id: Cloudflare's ray, else a random id (never a client's text)", () => {
    expect(requestId(new Headers({ "cf-ray": "8f1c2b3a4d5e6f70-ATH" }))).toBe(
      "8f1c2b3a4d5e6f70-ATH",
    );
    const forged = requestId(new Headers({ "cf-ray": "hello world password=x" }));
    expect(forged).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(new Headers())).not.toBe(requestId(new Headers()));
    expect(logMethod("GET")).toBe("GET");
    expect(logMethod("FOO<script>")).toBe("OTHER");
  });

  it("API paths are logged as their route pattern, never with the ids or links in them", () => {
    const match = routeMatcher([
      { method: "ALL", path: "/api/*" },
      { method: "GET", path: "/api/users/:userId/invoices" },
      { method: "GET", path: "/api/payments/links/:purpose/:hash" },
      { method: "POST", path: "/api/payments/orders" },
      { method: "GET", path: "/api/users/:userId/meters/:meterId?" },
    ]);
    expect(match("GET", "/api/users/3/invoices")).toBe("/api/users/:userId/invoices");
    expect(match("HEAD", "/api/payments/links/pay/Zm9vYmFy")).toBe(
      "/api/payments/links/:purpose/:hash",
    );
    expect(match("GET", "/api/users/3/meters")).toBe("/api/users/:userId/meters/:meterId?");
    expect(match("GET", "/api/users/3/meters/9")).toBe("/api/users/:userId/meters/:meterId?");
    expect(match("GET", "/api/payments/orders")).toBe("/api/payments/orders");
    expect(match("GET", "/api/no/such/path/secret")).toBe("(unmatched)");
  });
});

describe("#14 run like a live service: React Router's handleError", () => {
  const context = () => {
    const provider = new RouterContextProvider();
    provider.set(cloudflareContext, {
      env: {} as Env,
      ctx: {} as ExecutionContext,
      nonce: "n",
      page: { document: true, html: new Map(), requestId: "req-9", route: "/b2b/settings" },
    });
    return provider;
  };

  it("logs a loader's or render's error as one error line with the request's id and route", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new Error("D1_ERROR: no such column for 100000003"), {
      request: new Request("https://my.nrg.gr/b2b/settings"),
      context: context(),
      params: {},
    });
    expect(spy).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(spy.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      type: "error",
      id: "req-9",
      route: "/b2b/settings",
      where: "router",
      name: "Error",
      message: "D1_ERROR: no such column for [number]",
    });
  });

  it("says nothing for an aborted request or an expected answer (a thrown 404)", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const aborted = new AbortController();
    aborted.abort();
    handleError(new Error("aborted"), {
      request: new Request("https://my.nrg.gr/b2b", { signal: aborted.signal }),
      context: context(),
      params: {},
    });
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: null };
    handleError(notFound, {
      request: new Request("https://my.nrg.gr/b2b/logariasmoi/1"),
      context: context(),
      params: {},
    });
    expect(spy).not.toHaveBeenCalled();
  });
});
