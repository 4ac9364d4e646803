/**
 * Form fuzzing: every form of the portal gets ≥ 200 generated bad inputs (oversized,
 * Unicode, control characters, missing and duplicated fields, wrong types). For each answer:
 * no 5xx, no untranslated message key on the page, and a re-rendered form keeps what was typed.
 *
 * The forms are read from the pages themselves (every `<form method="post">` of every route
 * that exports an action, plus the dialogs and flows that need a URL to open), so forms added
 * later are fuzzed too. Inputs come from fast-check with a fixed seed; a failure names the
 * form and the input.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../api/lib/signing.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { devVar } from "../integration/secrets.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import {
  createPortal,
  decodeEntities,
  pageRoutes,
  paramsOf,
  RAW_KEY,
  visibleText,
  type Portal,
} from "./support.ts";

/**
 * Inputs per form: 200, enough to find what a form misses (about 1.5 minutes for all forms on an
 * idle 2-core machine). FUZZ_RUNS=30 gives a quicker look while working on a form.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const PARALLEL = 4;
const SEED = 20_260_302;

interface Field {
  name: string;
  type: string;
  value: string;
}

interface FoundForm {
  /** The page the form was found on, the URL it posts to, and its fields. */
  page: string;
  action: string;
  fields: Field[];
  signedIn: boolean;
}

let server: TestServer;
let portal: Portal;
let anonymous: Portal;
const forms: FoundForm[] = [];

/** Field types whose value a re-rendered form must show again. */
const KEPT_TYPES = new Set(["text", "email", "tel", "search", "url", "textarea", "number", ""]);
/** Never echoed (secrets, card data) even if the type is text. */
const NEVER_KEPT = /password|card|^number$|cvv|cvc|pan|code|otp|captcha|website|token/i;

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1] as string) : undefined;
}

/** The POST forms of an HTML page, with their fields. */
function parseForms(html: string, pageUrl: string): Array<{ action: string; fields: Field[] }> {
  const out: Array<{ action: string; fields: Field[] }> = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, attrs = "", body = ""] = match;
    if ((attr(attrs, "method") ?? "get").toLowerCase() !== "post") continue;
    const action = new URL(attr(attrs, "action") ?? pageUrl, "http://portal.invalid");
    if (action.hostname !== "portal.invalid") continue;
    const fields: Field[] = [];
    for (const tag of body.matchAll(/<(input|select|textarea)\b[^>]*>/g)) {
      const name = attr(tag[0], "name");
      if (!name) continue;
      const type =
        tag[1] === "input" ? (attr(tag[0], "type") ?? "text").toLowerCase() : (tag[1] as string);
      if (["submit", "button", "reset", "file", "image"].includes(type)) continue;
      fields.push({ name, type, value: attr(tag[0], "value") ?? "" });
    }
    // Submit buttons can carry the intent.
    for (const tag of body.matchAll(/<button\b[^>]*>/g)) {
      const name = attr(tag[0], "name");
      if (name && !fields.some((f) => f.name === name))
        fields.push({ name, type: "hidden", value: attr(tag[0], "value") ?? "" });
    }
    out.push({ action: `${action.pathname}${action.search}`, fields });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Generators

const control = fc
  .array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 8 })
  .map((codes) => String.fromCharCode(...codes));
const unicode = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "Γεώργιος Παπαδόπουλος",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🔥👨‍👩‍👧",
    "\u202eevil\u202c",
    "\ufeffbom",
    "e\u0301\u0301\u0301",
    "ﷺ",
    "\ud800",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "{{constructor.constructor('x')()}}",
    "../../etc/passwd",
    "%00%0d%0a",
  ),
);
const oversized = fc.oneof(
  fc.integer({ min: 300, max: 3000 }).map((n) => "x".repeat(n)),
  fc.integer({ min: 100, max: 800 }).map((n) => "Ω🔥".repeat(n)),
);
const wrongType = fc.oneof(
  fc.constantFrom("-1", "0", "1e309", "NaN", "Infinity", "null", "true", "[]", "{}", "0x10"),
  fc.double().map(String),
  fc.bigInt().map(String),
);
const badValue = fc.oneof(
  { weight: 3, arbitrary: unicode },
  { weight: 2, arbitrary: control.chain((c) => unicode.map((u) => `${u}${c}${u}`)) },
  { weight: 1, arbitrary: oversized },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.constant("") },
);

type Plan = Array<{ name: string; values: string[] }>;

/** Per field: keep the page's value (hidden fields, mostly), drop, one bad value, or several. */
function planFor(fields: Field[]): fc.Arbitrary<{ plan: Plan; extra: [string, string][] }> {
  const perField = fields.map((field) =>
    fc
      .oneof(
        {
          weight: field.type === "hidden" ? 6 : 1,
          arbitrary: fc.constant([field.value]),
        },
        { weight: 1, arbitrary: fc.constant([] as string[]) },
        { weight: 6, arbitrary: badValue.map((v) => [v]) },
        { weight: 1, arbitrary: fc.array(badValue, { minLength: 2, maxLength: 3 }) },
      )
      .map((values) => ({ name: field.name, values })),
  );
  const extra = fc.array(fc.tuple(fc.string({ maxLength: 12 }), badValue), { maxLength: 2 });
  return fc.record({ plan: fc.tuple(...perField).map((p) => p as Plan), extra });
}

function bodyOf({ plan, extra }: { plan: Plan; extra: [string, string][] }): URLSearchParams {
  const body = new URLSearchParams();
  for (const { name, values } of plan) for (const v of values) body.append(name, v);
  for (const [name, value] of extra) body.append(name, value);
  return body;
}

/** The value a re-rendered form shows for a field, or undefined when the field is not there. */
function shownValue(html: string, name: string): string | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const input = new RegExp(`<input\\b[^>]*\\sname="${escaped}"[^>]*>`).exec(html);
  if (input) return attr(input[0], "value") ?? "";
  const area = new RegExp(
    `<textarea\\b[^>]*\\sname="${escaped}"[^>]*>([\\s\\S]*?)</textarea>`,
  ).exec(html);
  return area ? decodeEntities(area[1] as string) : undefined;
}

/** What form encoding does to a typed value: a lone surrogate becomes U+FFFD. */
const asSent = (v: string) => v.toWellFormed();
const same = (shown: string, typed: string) =>
  [asSent(typed), asSent(typed).replace(/\r\n?/g, "\n")].some(
    (t) => shown === t || shown.trim() === t.trim(),
  );

async function fuzz(form: FoundForm) {
  const client = form.signedIn ? portal : anonymous;
  const samples = fc.sample(planFor(form.fields), { numRuns: RUNS, seed: SEED });
  const problems: string[] = [];
  let rerendered = 0;
  for (let i = 0; i < samples.length; i += PARALLEL) {
    await Promise.all(
      samples.slice(i, i + PARALLEL).map(async (sample) => {
        const body = bodyOf(sample);
        const response = await client.request(form.action, { form: body });
        const input = JSON.stringify(body.toString().slice(0, 300));
        if (response.status >= 500) {
          problems.push(`${response.status} for ${input}`);
          return;
        }
        const type = response.headers.get("content-type") ?? "";
        if (!type.includes("text/html")) return;
        const text = visibleText(response.text);
        const raw = RAW_KEY.exec(text);
        if (raw) problems.push(`raw key "${raw[0]}" shown for ${input}`);
        if (response.status !== 400 && response.status !== 422) return;
        rerendered++;
        // A changed hidden field (intent, step) legitimately answers with another form or step.
        const hiddenKept = form.fields
          .filter((f) => f.type === "hidden")
          .every((f) => {
            const planned = sample.plan.find((p) => p.name === f.name)?.values;
            return planned?.length === 1 && planned[0] === f.value;
          });
        if (!hiddenKept || sample.extra.length > 0) return;
        for (const { name, values } of sample.plan) {
          const field = form.fields.find((f) => f.name === name);
          if (!field || !KEPT_TYPES.has(field.type) || NEVER_KEPT.test(name)) continue;
          if (values.length !== 1) continue;
          const shown = shownValue(response.text, name);
          if (shown === undefined) continue; // this answer shows another step or message
          if (!same(shown, values[0] as string))
            problems.push(
              `field ${name} shows ${JSON.stringify(shown.slice(0, 80))} instead of ${JSON.stringify(
                (values[0] as string).slice(0, 80),
              )}`,
            );
        }
      }),
    );
  }
  return { problems, rerendered };
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  server = await startServer();
  const api = createClient(server.baseUrl);
  portal = createPortal(server.baseUrl);
  // A household (three supplies keeps the settings and pay forms small); the fuzzer never knows
  // its password, so its password and settings stay as they are.
  await portal.login(DEMO.household.vat);
  anonymous = createPortal(server.baseUrl);

  // Pages whose forms need a URL: dialogs, steps, links with a valid hash, the card page.
  const linkSecret = devVar("LINK_SECRET");
  const inHour = Math.floor(Date.now() / 1000) + 3600;
  const tokens = await api.login(DEMO.household.vat);
  const order = await api.call<{ data: { redirect_url: string } }>("/payments/orders", {
    method: "POST",
    token: tokens.access_token,
    body: { items: [{ meter_id: DEMO.household.stoppedMeterId, amount: 1 }] },
  });
  const cardPage =
    order.status < 300 ? new URL(order.body.data.redirect_url, server.baseUrl) : null;
  await api.call("/v2/auth/password-reset", { method: "POST", body: { afm: DEMO.household.vat } });
  const reset = (await api.outbox()).find((m) => m.link?.startsWith("/reset-password/"));

  const signedInPages = [
    "/b2b/settings?modal=settings&step=1",
    "/b2b/settings?modal=settings&step=2",
    "/b2b/settings?modal=password",
    "/b2b/kataxorisi",
    "/b2b/pay",
  ];
  const publicPages = [
    "/login",
    "/signup",
    "/forgot-password",
    "/contact",
    ...(reset?.link ? [reset.link] : []),
    ...(cardPage ? [`${cardPage.pathname}${cardPage.search}`] : []),
    `/pay/${await signToken(linkSecret, "pay", { m: DEMO.household.stoppedMeterId }, inHour)}`,
  ];
  // Every other route with an action, at its own URL (parameters filled where we can).
  for (const route of await pageRoutes()) {
    if (!route.hasAction || route.isResource || paramsOf(route.path).length > 0) continue;
    const list = route.path.startsWith("/b2b") ? signedInPages : publicPages;
    if (!list.some((p) => p.split("?")[0] === route.path)) list.push(route.path);
  }

  const seen = new Set<string>();
  for (const [pages, signedIn] of [
    [publicPages, false],
    [signedInPages, true],
  ] as const) {
    for (const page of pages) {
      const response = await (signedIn ? portal : anonymous).request(page);
      if (response.status !== 200) continue;
      for (const form of parseForms(response.text, page)) {
        const key = `${form.action}|${form.fields.map((f) => f.name).join(",")}`;
        // Sign-out and language forms have no inputs to fuzz; the header's forms repeat.
        if (seen.has(key) || form.action.startsWith("/logout")) continue;
        if (!form.fields.some((f) => f.type !== "hidden")) continue;
        seen.add(key);
        forms.push({ page, action: form.action, fields: form.fields, signedIn });
      }
    }
  }
}, 300_000);

afterAll(async () => {
  await server?.stop();
});

describe("forms under generated bad input", () => {
  it("finds the forms the issue names", () => {
    const actions = forms.map((f) => f.action.split("?")[0]);
    for (const expected of [
      "/login",
      "/signup",
      "/forgot-password",
      "/contact",
      "/b2b/settings",
      "/b2b/kataxorisi",
    ]) {
      expect(actions, `no form posting to ${expected}`).toContain(expected);
    }
    expect(forms.some((f) => f.action.startsWith("/reset-password/"))).toBe(true);
    expect(forms.some((f) => f.action.startsWith("/gateway/pay/"))).toBe(true);
    expect(forms.length).toBeGreaterThanOrEqual(10);
  });

  it(`every form: ${RUNS} inputs, no 5xx, translated messages, typed values kept`, async () => {
    const report: string[] = [];
    let totalRerendered = 0;
    for (const form of forms) {
      const { problems, rerendered } = await fuzz(form);
      totalRerendered += rerendered;
      if (problems.length)
        report.push(
          `${form.action} (from ${form.page.slice(0, 60)}): ${problems.length} problems, e.g.\n  ${[
            ...new Set(problems),
          ]
            .slice(0, 4)
            .join("\n  ")}`,
        );
    }
    expect(report, report.join("\n")).toEqual([]);
    // The fuzzer reached the validation (the forms re-rendered with errors), not only redirects.
    expect(totalRerendered).toBeGreaterThan(forms.length * 20);
    // Still signed in: no fuzzed input ended the session.
    expect((await portal.request("/b2b/settings")).status).toBe(200);
  }, 3_600_000);
});
