/**
 * Answers that say more than they should:
 *  - `/locales/:lng/:ns` serves the real translation files only (the list is read from the
 *    locales folder), not whatever a plain object happens to have under that name
 *    ("constructor", "__proto__", "toString"…);
 *  - an API validation error names the field and a stable code or message key, never zod's own
 *    text ("expected string, received number"), its issue details or the input that was sent.
 *    Every API endpoint that takes a body is discovered from the Hono route table and called,
 *    signed in, with malformed bodies.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import { apiRoutes, fetchWorker, fill, paramsOf, root } from "./support.ts";

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string) =>
  fetchWorker(`${server.baseUrl}${pathname}`, {
    headers: { connection: "close" },
    redirect: "manual",
  });

/** The real namespaces: every locales/{lng}/{ns}.json. */
function localeFiles(): Array<{ lng: string; ns: string; file: string }> {
  const dir = path.join(root, "locales");
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((lng) =>
      readdirSync(path.join(dir, lng.name))
        .filter((file) => file.endsWith(".json"))
        .map((file) => ({
          lng: lng.name,
          ns: file.replace(/\.json$/, ""),
          file: path.join(dir, lng.name, file),
        })),
    );
}

describe("#14.11 /locales answers only real languages and namespaces", () => {
  it("every real file is served as it is", async () => {
    const files = localeFiles();
    expect(files.length).toBeGreaterThan(10);
    for (const { lng, ns, file } of files) {
      const response = await get(`/locales/${lng}/${ns}`);
      expect(response.status, `${lng}/${ns}`).toBe(200);
      expect(await response.json()).toEqual(JSON.parse(readFileSync(file, "utf8")));
    }
  });

  it("anything else is 404, including the names every JavaScript object has", async () => {
    const languages = [...new Set(localeFiles().map((f) => f.lng))];
    const inherited = [
      "constructor",
      "__proto__",
      "toString",
      "hasOwnProperty",
      "valueOf",
      "isPrototypeOf",
      "propertyIsEnumerable",
      "toLocaleString",
      "__defineGetter__",
    ];
    const paths = [
      ...languages.flatMap((lng) =>
        [...inherited, "nope", "auth.json", "AUTH", "auth%00", "%2e%2e"].map(
          (ns) => `/locales/${lng}/${ns}`,
        ),
      ),
      ...[...inherited, "xx", "EN", "el-GR"].map((lng) => `/locales/${lng}/auth`),
    ];
    for (const pathname of paths) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(404);
      await response.body?.cancel();
    }
  });
});

/** A string no real answer contains: if it comes back, the input was echoed. */
const MARKER = "zq-echo-7Hx2";

/** Zod's vocabulary: none of it belongs in an answer. */
const ZOD_WORDS =
  /expected|received|invalid_type|invalid input|invalid option|too small|too big|too_small|too_big|unrecognized|zod|"issues"|"path"|"input"|"origin"/i;

/** A message the portal can use: a translation key or a short code, no prose, no input. */
const STABLE_MESSAGE = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Field names the endpoints take, each given a value of the wrong type that carries MARKER. */
const FIELDS = [
  "afm",
  "amount",
  "answers",
  "birth_date",
  "card_number",
  "code",
  "cvv",
  "date",
  "ebill_email",
  "email",
  "employee_name",
  "exp_month",
  "exp_year",
  "id",
  "ids",
  "items",
  "kind",
  "lang",
  "message",
  "meter_id",
  "meter_ids",
  "name",
  "night",
  "number",
  "old_password",
  "open",
  "password",
  "password_confirmation",
  "phone",
  "reading",
  "step",
  "subject",
  "supply_number",
  "terms",
  "token",
  "user_id",
  "username",
  "value",
  "vat",
];

/** Malformed JSON bodies: wrong root types, wrong field types, and text that is not JSON. */
const BODIES: Array<{ label: string; text: string }> = [
  { label: "array", text: JSON.stringify([MARKER, { [MARKER]: MARKER }]) },
  { label: "string", text: JSON.stringify(MARKER) },
  { label: "number", text: "12345" },
  {
    label: "wrong field types",
    text: JSON.stringify(
      Object.fromEntries(FIELDS.map((field) => [field, [{ [MARKER]: MARKER }, 1e308]])),
    ),
  },
  { label: "broken JSON", text: `{"${MARKER}": [1, 2` },
];

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

describe("#14.11 API validation errors do not echo zod internals", () => {
  it("every endpoint with a body (from the Hono route table), given malformed JSON", async () => {
    const routes = (await apiRoutes()).filter((r) => WRITE_METHODS.has(r.method));
    expect(routes.length).toBeGreaterThan(20);
    let token = (await api.login(DEMO.household.vat)).access_token;
    const findings: string[] = [];
    let validationAnswers = 0;

    for (const route of routes) {
      // The signed-in customer's own ids, so that a check of the body is reached.
      const values = Object.fromEntries(paramsOf(route.path).map((p) => [p, "1"]));
      const url = `${server.baseUrl}${fill(route.path, values)}`;
      for (const body of BODIES) {
        const send = () =>
          fetchWorker(url, {
            method: route.method,
            headers: {
              connection: "close",
              origin: server.baseUrl,
              authorization: `Bearer ${token}`,
              "content-type": "application/json",
            },
            body: body.text,
            redirect: "manual",
          });
        let response = await send();
        if (response.status === 401) {
          // An earlier call may have ended the session (it should not, with these bodies): again.
          await response.body?.cancel();
          token = (await api.login(DEMO.household.vat)).access_token;
          response = await send();
        }
        const text = await response.text();
        const where = `${route.method} ${route.path} (${body.label}) → ${response.status}`;
        if (response.status >= 500) findings.push(`${where}: a 5xx`);
        if (response.status < 400) continue;
        if (text.includes(MARKER)) findings.push(`${where}: echoes the input: ${text}`);
        if (ZOD_WORDS.test(text)) findings.push(`${where}: zod details: ${text}`);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          continue; // not JSON (a refused upload, a PDF route): the checks above cover it
        }
        const error = (parsed as { error?: Record<string, unknown> } | null)?.error;
        if (!error) continue;
        if (error.code === "validation") validationAnswers++;
        const extra = Object.keys(error).filter((k) => !["code", "field", "message"].includes(k));
        if (extra.length > 0) findings.push(`${where}: unexpected keys ${extra.join(",")}`);
        if (error.message !== undefined && !STABLE_MESSAGE.test(String(error.message))) {
          findings.push(`${where}: message is not a stable key: ${JSON.stringify(error.message)}`);
        }
        if (error.field !== undefined && !/^[A-Za-z0-9_.]{1,100}$/.test(String(error.field))) {
          findings.push(`${where}: field is not a path: ${JSON.stringify(error.field)}`);
        }
      }
    }
    // The walk reached the validation of many endpoints, or it proves nothing.
    expect(validationAnswers).toBeGreaterThan(routes.length);
    expect(findings).toEqual([]);
  }, 600_000);
});
