/**
 * Request bodies (no 5xx for a body that is not a form, no unbounded upload). Page actions take
 * forms only: every route with an action (discovered from app/routes.ts, as the CSRF test does),
 * posted from our own origin with JSON, an empty body, broken multipart, text/plain, or with
 * PUT/PATCH/DELETE, answers 400 or 405 with the translated error page (Greek by default, English
 * with the lng cookie), on the page URL and on React Router's `.data` URL alike; never a 5xx.
 * Bodies are limited while they stream: a chunked 150 MB body is refused with 413 long before it
 * has been sent, by the API and by the page actions, and the Worker stays healthy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_BODY_LIMITS } from "../../app/.server/request-body.ts";
import elCommon from "../../locales/el/common.json";
import enCommon from "../../locales/en/common.json";
import elRequests from "../../locales/el/requests.json";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import {
  createPortal,
  fetchWorker,
  fill,
  pageRoutes,
  paramsOf,
  RAW_KEY,
  visibleText,
  type PageRoute,
  type Portal,
} from "./support.ts";

const user = DEMO.household;
const MB = 1024 * 1024;

let server: TestServer;
let portal: Portal;
/** The `lng` cookie that chooses English, as the portal sets it. */
let englishCookie: string;

beforeAll(async () => {
  server = await startServer();
  portal = createPortal(server.baseUrl);
  await portal.login(user.vat);
  const english = await fetchWorker(`${server.baseUrl}/terms?lng=en`, {
    headers: { connection: "close" },
  });
  await english.text();
  const lng = english.headers.getSetCookie().find((c) => c.startsWith("lng="));
  if (!lng) throw new Error("GET /terms?lng=en set no lng cookie");
  englishCookie = lng.split(";")[0] as string;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Discovery

interface ConfigEntry {
  id?: string;
  file: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** Ids of the index routes: a post reaches their action only with a bare `?index`. */
async function indexRouteIds(): Promise<Set<string>> {
  const config = (await import("../../app/routes.ts")).default as unknown as ConfigEntry[];
  const ids = new Set<string>();
  const walk = (entries: ConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.index) ids.add(entry.id ?? entry.file);
      if (entry.children) walk(entry.children);
    }
  };
  walk(config);
  return ids;
}

interface Target {
  route: PageRoute;
  /** The URL a `<form method="post">` of the route posts to. */
  page: string;
  /** The URL React Router's client posts the same form to (single fetch). */
  data: string;
}

/** Every route of app/routes.ts, with the URLs a form post to it uses. */
async function targets(): Promise<Target[]> {
  const indexIds = await indexRouteIds();
  return (await pageRoutes()).map((route) => {
    const path = fill(
      route.path.replace(/\/\*$/, "/x"),
      Object.fromEntries(paramsOf(route.path).map((p) => [p, "1"])),
    );
    const isIndex = indexIds.has(route.id);
    const page = isIndex ? `${path}?index` : path;
    const dataPath = path === "/" ? "/_.data" : `${path.replace(/\/$/, "")}.data`;
    return { route, page, data: isIndex ? `${dataPath}?index` : dataPath };
  });
}

// ---------------------------------------------------------------------------------------------
// The bodies

interface Variant {
  name: string;
  method: string;
  contentType?: string;
  body: string | Uint8Array<ArrayBuffer>;
  /** What the portal must answer. */
  status: 400 | 405;
}

const FORM = "intent=login&username=100000003&password=x&message=hello";
const BOUNDARY = "----nrg-bodies";

const NOT_A_FORM: Variant[] = [
  {
    name: "JSON",
    method: "POST",
    contentType: "application/json",
    body: JSON.stringify({ intent: "login", username: user.vat, password: "x" }),
    status: 400,
  },
  { name: "an empty body without a type", method: "POST", body: new Uint8Array(0), status: 400 },
  {
    name: "multipart without its closing boundary",
    method: "POST",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin`,
    status: 400,
  },
  {
    name: "multipart that is not multipart",
    method: "POST",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: "garbage, no boundary anywhere",
    status: 400,
  },
  { name: "text/plain", method: "POST", contentType: "text/plain", body: FORM, status: 400 },
  ...(["PUT", "PATCH", "DELETE"] as const).map((method): Variant => ({
    name: method,
    method,
    contentType: "application/x-www-form-urlencoded",
    body: FORM,
    status: 405,
  })),
];

interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

async function send(
  url: string,
  variant: Pick<Variant, "method" | "contentType" | "body">,
  cookies: string[] = [],
): Promise<Sent> {
  const headers: Record<string, string> = { connection: "close", origin: server.baseUrl };
  if (variant.contentType) headers["content-type"] = variant.contentType;
  // An extra cookie (the language) replaces the session's own cookie of that name.
  const names = new Set(cookies.map((c) => c.slice(0, c.indexOf("="))));
  const own = portal.cookie.split("; ").filter((c) => c && !names.has(c.slice(0, c.indexOf("="))));
  const cookie = [...own, ...cookies].join("; ");
  if (cookie) headers.cookie = cookie;
  const response = await fetchWorker(`${server.baseUrl}${url}`, {
    method: variant.method,
    headers,
    body: variant.body,
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const STACK = /\n\s+at\s|Unexpected Server Error|TypeError|SyntaxError|node_modules|\.tsx?:\d/;

type Locale = typeof elCommon;
const TITLE: Record<400 | 405, keyof Locale["error"]> = {
  400: "badRequestTitle",
  405: "methodNotAllowedTitle",
};

/** What is wrong with a page answer: [] when it is the translated refusal of `status`. */
function pageProblems(answer: Sent, status: 400 | 405, texts: Locale, lang: string): string[] {
  const problems: string[] = [];
  if (answer.status !== status) problems.push(`status ${answer.status}, expected ${status}`);
  if (!(answer.headers.get("content-type") ?? "").includes("text/html"))
    problems.push(`content-type ${answer.headers.get("content-type")}`);
  if (!answer.text.includes(`<html lang="${lang}"`)) problems.push(`not a ${lang} page`);
  const text = visibleText(answer.text);
  const title = texts.error[TITLE[status]];
  if (!text.includes(title)) problems.push(`no "${title}" in: ${text.slice(0, 160).trim()}`);
  const raw = RAW_KEY.exec(text);
  if (raw) problems.push(`raw key ${raw[0]}`);
  if (STACK.test(answer.text)) problems.push("a stack trace or internal error text");
  if (status === 405 && !answer.headers.get("allow")) problems.push("no Allow header");
  return problems;
}

/** Runs `work` over `items`, `parallel` at a time (two cores, shared). */
async function inBatches<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += parallel) {
    await Promise.all(items.slice(i, i + parallel).map(work));
  }
}

describe("#14.10 page actions answer 400/405 with the translated error page to a body that is not a form", () => {
  it("every action, on its page URL and its .data URL, refuses JSON, empty, broken multipart, text/plain, PUT, PATCH and DELETE", async () => {
    const actions = (await targets()).filter((t) => t.route.hasAction);
    expect(actions.map((a) => a.route.path)).toEqual(
      expect.arrayContaining([
        "/login",
        "/contact",
        "/b2b/pay",
        "/b2b/kataxorisi",
        "/b2b/settings",
        "/checkout-return",
      ]),
    );
    const cases = actions.flatMap((target) => NOT_A_FORM.map((variant) => ({ target, variant })));
    const failures: string[] = [];
    await inBatches(cases, 4, async ({ target, variant }) => {
      const where = `${variant.name} → ${target.page}`;
      const greek = await send(target.page, variant);
      for (const p of pageProblems(greek, variant.status, elCommon, "el"))
        failures.push(`${where}: ${p}`);
      if (variant.status === 405 && !greek.headers.get("allow")?.includes("POST"))
        failures.push(`${where}: Allow "${greek.headers.get("allow")}" lacks POST`);
      const english = await send(target.page, variant, [englishCookie]);
      for (const p of pageProblems(english, variant.status, enCommon, "en"))
        failures.push(`${where} (lng=en): ${p}`);
      // The single-fetch URL: React Router's encoded answer, with the same status.
      const data = await send(target.data, variant);
      if (data.status !== variant.status || STACK.test(data.text))
        failures.push(
          `${variant.name} → ${target.data}: ${data.status} ${data.text.slice(0, 160)}`,
        );
    });
    expect(failures).toEqual([]);
  });

  it("every route without an action answers a form post with 405, Allow: GET, HEAD and the translated page", async () => {
    const others = (await targets()).filter((t) => !t.route.hasAction);
    expect(others.length).toBeGreaterThan(10);
    const failures: string[] = [];
    const post = {
      method: "POST",
      contentType: "application/x-www-form-urlencoded",
      body: FORM,
    };
    await inBatches(others, 4, async (target) => {
      const greek = await send(target.page, post);
      for (const p of pageProblems(greek, 405, elCommon, "el"))
        failures.push(`POST ${target.page}: ${p}`);
      if (greek.headers.get("allow") !== "GET, HEAD")
        failures.push(`POST ${target.page}: Allow "${greek.headers.get("allow")}"`);
      const english = await send(target.page, post, [englishCookie]);
      for (const p of pageProblems(english, 405, enCommon, "en"))
        failures.push(`POST ${target.page} (lng=en): ${p}`);
    });
    expect(failures).toEqual([]);
  });

  // React Router refuses a method it does not know (OPTIONS, PROPFIND, …) before any middleware
  // runs, with a bare "500 Unexpected Server Error"; the Worker (workers/app.ts) answers those
  // itself with app/.server/refusal-page.ts `unknownMethodRefusal`.
  it("a method React Router does not know (OPTIONS, PROPFIND) gets the translated 405 page, not a bare 500", async () => {
    const failures: string[] = [];
    for (const target of await targets()) {
      for (const method of ["OPTIONS", "PROPFIND"]) {
        const answer = await send(target.page, { method, body: new Uint8Array(0) });
        for (const p of pageProblems(answer, 405, elCommon, "el"))
          failures.push(`${method} ${target.page}: ${p}`);
        const allow = answer.headers.get("allow");
        if (allow !== (target.route.hasAction ? "GET, HEAD, POST" : "GET, HEAD"))
          failures.push(`${method} ${target.page}: Allow "${allow}"`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("real forms still reach their actions: urlencoded and multipart, on the page URL and as the browser's JavaScript posts them (.data)", async () => {
    const refused = (answer: Sent) =>
      answer.status === 405 ||
      answer.status >= 500 ||
      visibleText(answer.text).includes(elCommon.error.badRequestTitle) ||
      answer.text.includes('"ErrorResponse"');
    const urlencoded = {
      method: "POST",
      contentType: "application/x-www-form-urlencoded;charset=UTF-8",
    };
    const multipart = new FormData();
    multipart.set("name", "Γεώργιος");
    multipart.set("message", "hello");
    const encoded = new Response(multipart);
    const multipartBody = new Uint8Array(await encoded.arrayBuffer());
    const answers = {
      "language (page)": await send("/language", {
        ...urlencoded,
        body: "lng=el&redirectTo=/b2b",
      }),
      "language (.data)": await send("/language.data", {
        ...urlencoded,
        body: "lng=el&redirectTo=/b2b",
      }),
      "contact, multipart (page)": await send("/contact", {
        method: "POST",
        contentType: encoded.headers.get("content-type") ?? "",
        body: multipartBody,
      }),
      "contact, multipart (.data)": await send("/contact.data", {
        method: "POST",
        contentType: encoded.headers.get("content-type") ?? "",
        body: multipartBody,
      }),
    };
    const failures = Object.entries(answers)
      .filter(([, answer]) => refused(answer))
      .map(([name, answer]) => `${name}: ${answer.status} ${answer.text.slice(0, 160)}`);
    expect(failures).toEqual([]);
    // The contact form came back with what was typed: the action read the multipart form.
    expect(answers["contact, multipart (page)"].text).toContain("hello");
  });
});

// ---------------------------------------------------------------------------------------------
// Oversized bodies: refused with 413 while they stream, never read whole

interface Streamed {
  /** The answer's status, or null when the connection ended without one. */
  status: number | null;
  text: string;
  /** Bytes the client had produced when the answer (or the end of the connection) came. */
  produced: number;
  error?: string;
}

/**
 * POSTs a 150 MB body without a Content-Length (chunked), generated as it is sent, 64 KB at a
 * time with a turn of the event loop in between, and past the first MB at 6.4 MB/s (as a client
 * on a fast network, not a memory copy). The counter says how much had been produced when the answer came; once it has come the
 * client stops sending, as a browser does.
 */
async function streamOnce(
  url: string,
  headers: Record<string, string>,
  prefix: string,
  total: number,
  chunkSize: number,
): Promise<Streamed> {
  const chunk = new Uint8Array(chunkSize).fill(0x61);
  let produced = 0;
  let answered = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (answered || produced >= total) {
        controller.close();
        return;
      }
      const next = produced === 0 && prefix ? new TextEncoder().encode(prefix) : chunk;
      produced += next.byteLength;
      controller.enqueue(next);
      // Past the first MB (where every limit but two lies) the client sends 64 KB every 10 ms,
      // 6.4 MB/s, a fast network: at a memory copy's pace the loopback buffers of the client, the
      // local proxy and workerd hold several MB between what was produced and what the Worker
      // read, and a busy machine (CI) saw 8 MB produced before the 1 MB refusal arrived.
      if (chunkSize < total)
        await new Promise((resolve) => setTimeout(resolve, produced > MB ? 10 : 0));
    },
  });
  try {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: "POST",
      headers: { origin: server.baseUrl, connection: "close", ...headers },
      body,
      duplex: "half",
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    } as RequestInit);
    answered = true;
    const at = produced;
    const text = await response.text().catch(() => "");
    return { status: response.status, text, produced: at };
  } catch (error) {
    answered = true;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      status: null,
      text: "",
      produced,
      error: `${String(error)} ${cause?.code ?? cause?.message ?? ""}`,
    };
  }
}

const producedOf = (attempts: Streamed[]) =>
  attempts.map((a) => `${(a.produced / MB).toFixed(1)} MB → ${a.status ?? a.error}`);

/**
 * A refusal sent while the client is still writing (the point of refusing early) makes
 * wrangler's local proxy drop the connection now and then: the client sees a reset, the proxy's
 * "500 Network connection lost", or the status without the page (see
 * tests/support/fetch-worker.ts; workerd cannot read a body after it has answered, so the Worker
 * cannot linger). Such an attempt is tried again, at most ten times in all. Every attempt, the
 * dropped ones too, must have ended long before the 150 MB were sent: that is what shows the
 * body was not read whole.
 */
async function streamChunked(
  url: string,
  headers: Record<string, string>,
  {
    prefix = "",
    total = 150 * MB,
    chunkSize = 64 * 1024,
  }: { prefix?: string; total?: number; chunkSize?: number } = {},
): Promise<{ answer: Streamed; attempts: Streamed[] }> {
  const attempts: Streamed[] = [];
  for (;;) {
    const answer = await streamOnce(url, headers, prefix, total, chunkSize);
    attempts.push(answer);
    const dropped =
      answer.status === null ||
      (answer.status === 500 && answer.text.startsWith("Error: Network connection lost")) ||
      answer.text === "";
    if (!dropped || attempts.length >= 10) {
      // How often the proxy dropped the answer: for whoever wonders whether this test is flaky.
      if (attempts.length > 1) console.info(`${url}: ${producedOf(attempts).join(", ")}`);
      return { answer, attempts };
    }
  }
}

/**
 * The Worker stopped reading early: the answer came before `answeredBy` bytes had been produced,
 * and every dropped attempt ended (the connection closed under the client) before 20 MB, where
 * a Worker that reads the body whole keeps taking it to the end, 150 MB.
 */
function expectCutOff(attempts: Streamed[], answeredBy: number) {
  const trace = producedOf(attempts).join(", ");
  for (const attempt of attempts) expect(attempt.produced, trace).toBeLessThan(20 * MB);
  const answered = attempts[attempts.length - 1];
  expect(answered?.produced, trace).toBeLessThan(answeredBy);
}

async function healthy() {
  const response = await fetchWorker(`${server.baseUrl}/healthz`, {
    headers: { connection: "close" },
  });
  return { status: response.status, body: await response.text() };
}

describe("#14.11 body limits are enforced while the body streams", () => {
  it("the API refuses a chunked 150 MB JSON body with 413 before 5 MB were sent", async () => {
    const { answer, attempts } = await streamChunked("/api/contact", {
      "content-type": "application/json",
    });
    expectCutOff(attempts, 5 * MB);
    expect(answer.status, producedOf(attempts).join(", ")).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ error: { code: "too_large" } });
    expect(await healthy()).toEqual({ status: 200, body: '{"ok":true,"db":"ok"}' });
  });

  it("an API upload streamed past its limit gets the upload's own 'too large' answer", async () => {
    const api = createClient(server.baseUrl);
    const tokens = await api.login(user.vat);
    // 3 MB without a length, in one piece: past the avatar's limit (1 MB + fields), and all sent
    // before the refusal comes (the local proxy drops far fewer connections so).
    const { answer, attempts } = await streamChunked(
      "/api/user/avatar",
      {
        authorization: `Bearer ${tokens.access_token}`,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
      {
        prefix: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        total: 3 * MB,
        chunkSize: 3 * MB,
      },
    );
    expect(answer.status, producedOf(attempts).join(", ")).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({
      error: { code: "validation", field: "avatar", message: "settingsModal.fileErrorSize" },
    });
  });

  it("a page action refuses a chunked 150 MB form with 413 and the translated page before 5 MB were sent (page and .data URL)", async () => {
    for (const url of ["/login", "/login.data"]) {
      const { answer, attempts } = await streamChunked(url, {
        "content-type": "application/x-www-form-urlencoded",
      });
      const trace = `${url}: ${producedOf(attempts).join(", ")}`;
      expectCutOff(attempts, 5 * MB);
      expect(answer.status, trace).toBe(413);
      if (url === "/login")
        expect(visibleText(answer.text)).toContain(elCommon.error.tooLargeTitle);
    }
    expect((await healthy()).status).toBe(200);
  });

  it("a browser upload that states its length: merely too large gets the form's message, far too large the 413 page", async () => {
    const upload = async (bytes: number) => {
      const form = new FormData();
      form.set("reason", "x");
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "a.pdf");
      const encoded = new Response(form);
      return send("/b2b/aitimata/diakopi", {
        method: "POST",
        contentType: encoded.headers.get("content-type") ?? "",
        body: new Uint8Array(await encoded.arrayBuffer()),
      });
    };
    // 13 MB: read, and the request form answers with its own "up to 5 MB" message.
    const tooLarge = await upload(13 * MB);
    expect(tooLarge.status).toBe(413);
    expect(visibleText(tooLarge.text)).toContain(elRequests.errors.file.size);
    // 20 MB: over the route's limit for a stated length, refused before it is parsed.
    const farTooLarge = await upload(20 * MB);
    expect(farTooLarge.status).toBe(413);
    expect(farTooLarge.text).toContain('<html lang="el"');
    expect(visibleText(farTooLarge.text)).toContain(elCommon.error.tooLargeTitle);
    expect(farTooLarge.text).not.toMatch(STACK);
  });

  it("a signed-in upload action refuses a chunked 150 MB multipart body with 413 at its limit, long before the end", async () => {
    const { answer, attempts } = await streamChunked(
      "/b2b/settings",
      {
        cookie: portal.cookie,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
      {
        prefix: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      },
    );
    const trace = producedOf(attempts).join(", ");
    // Cut off at the route's limit for a body without a length (3 MB: a photo under 1 MB and
    // the settings of 1,000 supplies), never the 150 MB.
    const limit = UPLOAD_BODY_LIMITS["routes/b2b/settings"]?.streamed ?? 0;
    expect(limit).toBeGreaterThan(0);
    expectCutOff(attempts, limit + 4 * MB);
    expect(answer.status, trace).toBe(413);
    expect(visibleText(answer.text)).toContain(elCommon.error.tooLargeTitle);
    // The Worker is fine and the customer still signed in.
    expect((await healthy()).status).toBe(200);
    expect((await portal.request("/b2b/settings")).status).toBe(200);
  });
});
