/**
 * Where the portal sends a browser, seen from outside on the real Worker:
 *  - no open redirect: a redirect target chosen by the client (`redirectTo` of the login form, of
 *    `/login?redirectTo=` and of the language switch) never leads off the origin;
 *  - no login CSRF: opening a `/redirect-login/{token}` link never switches a live session: the
 *    GET only shows "Continue as …", the switch needs a same-origin POST.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import {
  createPortal,
  decodeEntities,
  EVIL_ORIGIN,
  type Portal,
  root,
  visibleText,
} from "./support.ts";

/** The Greek (default) notice shown for a link that is not valid or already used. */
const FAILED_NOTICE = (
  JSON.parse(readFileSync(path.join(root, "locales/el/auth.json"), "utf8")) as {
    notice: { redirectLoginFailed: string };
  }
).notice.redirectLoginFailed;

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** Redirect targets an attacker would try to send a browser off the origin. */
const TRICKY = [
  "//evil.com",
  "///evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "\\/evil.com",
  "/.//evil.com",
  "/..//evil.com",
  "/a/..//evil.com",
  "/a/b/../..//evil.com",
  "/./",
  "/../",
  "/%2e%2e//evil.com",
  "/a/%2e%2e//evil.com",
  "/%2f%2fevil.com",
  "/%2F%2Fevil.com",
  "/%5cevil.com",
  "/%5C%5Cevil.com",
  "/a%2f..%2f..%2f/evil.com",
  "/%252f%252fevil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "/%09/evil.com",
  "/%0d%0aLocation:%20https://evil.com",
  "\t//evil.com",
  "https://evil.com/",
  "http:evil.com",
  "https:/evil.com",
  "//user:pass@evil.com",
  EVIL_ORIGIN,
  "javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "",
  `/${"a".repeat(5000)}`,
  `/.//evil.com/${"a".repeat(3000)}`,
];

const short = (value: string | null) => JSON.stringify(value?.slice(0, 80) ?? null);

/** True when a browser following `location` would stay on `base`'s origin. */
function staysOnOrigin(location: string | null, base: string): boolean {
  if (location === null) return false;
  // eslint-disable-next-line no-control-regex -- a Location with controls is refused outright
  if (/[\u0000-\u001f\u007f]/.test(location) || location.includes("\\")) return false;
  const url = new URL(location, base);
  return url.origin === new URL(base).origin && !url.pathname.startsWith("//");
}

async function signIn(portal: Portal, redirectTo: string, viaQuery: boolean) {
  const form = new URLSearchParams({
    intent: "login",
    username: DEMO.household.vat,
    password: "Demo2026!",
  });
  if (!viaQuery) form.set("redirectTo", redirectTo);
  const path = viaQuery ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
  return portal.request(path, { form });
}

describe("#14.2 off-site redirect after sign-in", () => {
  it("POST /login with each tricky redirectTo (form field or query) stays on the origin", async () => {
    const escapes: string[] = [];
    for (const redirectTo of TRICKY) {
      for (const viaQuery of [false, true]) {
        const response = await signIn(createPortal(server.baseUrl), redirectTo, viaQuery);
        expect(
          [302, 303],
          `${JSON.stringify(redirectTo)} ${response.text.slice(0, 200)}`,
        ).toContain(response.status);
        if (!staysOnOrigin(response.location, server.baseUrl)) {
          escapes.push(`${short(redirectTo)} → ${short(response.location)}`);
        }
      }
    }
    expect(escapes).toEqual([]);
  });

  it("a good target is kept, with its query and hash", async () => {
    const response = await signIn(
      createPortal(server.baseUrl),
      "/b2b/logariasmoi?payments=all#top",
      false,
    );
    expect(response.location).toBe("/b2b/logariasmoi?payments=all#top");
  });

  it("the login page never carries an off-site target into its form", async () => {
    for (const redirectTo of TRICKY) {
      const page = await createPortal(server.baseUrl).request(
        `/login?${new URLSearchParams({ redirectTo })}`,
      );
      expect(page.status).toBe(200);
      const hidden = /<input[^>]*name="redirectTo"[^>]*value="([^"]*)"/.exec(page.text)?.[1];
      if (hidden !== undefined) {
        expect(staysOnOrigin(decodeEntities(hidden), server.baseUrl), hidden).toBe(true);
      }
    }
  });

  it("the language switch and cookie bar (POST /language) stay on the origin", async () => {
    const escapes: string[] = [];
    for (const redirectTo of TRICKY) {
      for (const fields of [{ lng: "en" }, { intent: "cookie-consent" }] as Array<
        Record<string, string>
      >) {
        const response = await createPortal(server.baseUrl).request("/language", {
          form: new URLSearchParams({ ...fields, redirectTo }),
        });
        expect([301, 302, 303]).toContain(response.status);
        if (!staysOnOrigin(response.location, server.baseUrl)) {
          escapes.push(`${short(redirectTo)} → ${short(response.location)}`);
        }
      }
    }
    expect(escapes).toEqual([]);
  });
});

describe("#14.3 login CSRF through GET /redirect-login/{token}", () => {
  const victim = DEMO.household;
  const attacker = DEMO.company;

  /** The name the portal greets the attacker's account with. */
  let attackerGreeting = "";

  /** A fresh redirect-login token for the attacker's own account, as the attacker can get one. */
  async function attackerToken(): Promise<string> {
    const tokens = await api.login(attacker.vat);
    const me = await api.call<{ data: { welcome_name: string } }>("/v2/me", {
      token: tokens.access_token,
    });
    attackerGreeting = me.body.data.welcome_name;
    const issued = await api.call<{ data: { token: string } }>("/v2/auth/redirect-token", {
      method: "POST",
      token: tokens.access_token,
    });
    expect(issued.status).toBe(200);
    return issued.body.data.token;
  }

  /** Whose overview the portal shows to this cookie jar: "victim", "attacker" or "nobody". */
  async function whoIsSignedIn(portal: Portal): Promise<string> {
    const page = await portal.request("/b2b/episkopisi");
    if (page.status === 302 || page.status === 303) return "nobody";
    expect(page.status).toBe(200);
    const text = visibleText(page.text);
    const isVictim = text.includes(victim.name);
    const isAttacker = text.includes(attacker.name) || text.includes(attacker.employeeName);
    expect(isVictim && isAttacker).toBe(false);
    return isVictim ? "victim" : isAttacker ? "attacker" : "unknown";
  }

  let signedInVictim: Portal;
  let token: string;

  beforeAll(async () => {
    signedInVictim = createPortal(server.baseUrl);
    await signedInVictim.login(victim.vat);
    expect(await whoIsSignedIn(signedInVictim)).toBe("victim");
    token = await attackerToken();
  });

  it("the GET of an attacker's link leaves the victim's session; it shows a POST button", async () => {
    const page = await signedInVictim.request(`/redirect-login/${token}`);
    expect(page.status).toBe(200);
    // The page asks: a real POST form with a button, and a way to stay who one is.
    expect(page.text).toMatch(/<form[^>]*method="post"/i);
    expect(page.text).toMatch(/<button[^>]*type="submit"/i);
    expect(page.headers.get("cache-control") ?? "").toMatch(/no-store/);
    // The token is in the URL: never sent on to another site in a Referer.
    expect([
      "no-referrer",
      "same-origin",
      "strict-origin",
      "strict-origin-when-cross-origin",
    ]).toContain(page.headers.get("referrer-policy"));
    const text = visibleText(page.text);
    expect(attackerGreeting).not.toBe("");
    expect(text).toContain(attackerGreeting);
    // Opening the link twice (a mail scanner, a prefetch) still changes nothing.
    await signedInVictim.request(`/redirect-login/${token}`);
    expect(await whoIsSignedIn(signedInVictim)).toBe("victim");
  });

  it("a cross-site POST is refused and leaves the victim signed in as themselves", async () => {
    const crossSite: Array<Record<string, string>> = [
      { origin: EVIL_ORIGIN },
      { origin: "null" },
      { origin: "", "sec-fetch-site": "cross-site" },
      { origin: "" },
    ];
    for (const headers of crossSite) {
      const refused = await signedInVictim.request(`/redirect-login/${token}`, {
        method: "POST",
        headers,
      });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await whoIsSignedIn(signedInVictim)).toBe("victim");
  });

  it("a same-origin POST switches accounts once, and ends the session it replaced", async () => {
    const replaced = signedInVictim.cookie;
    const switched = await signedInVictim.request(`/redirect-login/${token}`, {
      form: new URLSearchParams(),
    });
    expect([302, 303]).toContain(switched.status);
    expect(switched.location).toBe("/b2b/episkopisi");
    expect(await whoIsSignedIn(signedInVictim)).toBe("attacker");

    // The replaced session is over: its cookie no longer opens the victim's pages.
    const old = createPortal(server.baseUrl);
    old.cookie = replaced;
    expect(await whoIsSignedIn(old)).toBe("nobody");

    // The token worked once: a second POST goes to /login with the "not valid" notice.
    const again = createPortal(server.baseUrl);
    const reused = await again.request(`/redirect-login/${token}`, { form: new URLSearchParams() });
    expect(reused.location).toBe("/login");
    expect(await whoIsSignedIn(again)).toBe("nobody");
  });

  it("signed out, the GET signs nobody in either; the POST does", async () => {
    const fresh = await attackerToken();
    const anonymous = createPortal(server.baseUrl);
    const page = await anonymous.request(`/redirect-login/${fresh}`);
    expect(page.status).toBe(200);
    expect(await whoIsSignedIn(anonymous)).toBe("nobody");
    const posted = await anonymous.request(`/redirect-login/${fresh}`, {
      form: new URLSearchParams(),
    });
    expect(posted.location).toBe("/b2b/episkopisi");
    expect(await whoIsSignedIn(anonymous)).toBe("attacker");
  });

  it("a bad, used or missing token still goes to /login (GET) or / (no token)", async () => {
    const anonymous = createPortal(server.baseUrl);
    const bad = await anonymous.request("/redirect-login/not-a-real-token");
    expect(bad.status).toBe(302);
    expect(bad.location).toBe("/login");
    const login = await anonymous.request("/login");
    expect(visibleText(login.text)).toContain(FAILED_NOTICE);
    const missing = await anonymous.request("/redirect-login");
    expect(missing.location).toBe("/");
  });
});
