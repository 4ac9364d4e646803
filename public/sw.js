/*
 * The portal's service worker (#39, docs/decisions/0036-offline.md), scope "/".
 *
 * It caches no signed-in page and no API answer: every request goes to the network as it would
 * without it. Only when a page navigation fails (no connection) does it answer, with the portal's
 * own offline page (/offline), kept in both languages with the stylesheets it needs, its scripts
 * taken out: a static page that cannot run anything (its own CSP says script-src 'none').
 *
 * Plain JavaScript served as it is from public/: nothing of the page's bundle is in here, and
 * nothing here is page JavaScript (app/sw-register.ts registers it after the load event). Its
 * size is budgeted in bench/budgets.ts.
 */

/** Raised with every change of this file: the install of a new copy replaces the old caches. */
const VERSION = "1";
/** The offline page in both languages, its stylesheets, and the last page's language and skin. */
const SHELL = `nrg-offline-v${VERSION}`;
const LANGUAGES = ["el", "en"];
/** Where the language and skin of the last page shown are kept (a key in SHELL, not a URL). */
const STATE = "/__sw/state";
/** The offline page's copy is fetched again after this long, on a navigation that succeeds. */
const REFRESH_MS = 60 * 60 * 1000;

const OFFLINE_CSP = [
  "default-src 'self'",
  "script-src 'none'",
  "object-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

self.addEventListener("install", (event) => {
  // A new worker takes over at once (skipWaiting, then clients.claim): it only ever answers a
  // failed navigation, so a page opened under the old one loses nothing, and the next
  // navigation is answered by the new one alone (no two versions mixed).
  event.waitUntil(refreshShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("nrg-offline-") && name !== SHELL) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "page") event.waitUntil(saveState(data));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  // The offline page's styles: from the network as always, from the copy only when it fails.
  const url = new URL(request.url);
  if (
    request.method === "GET" &&
    url.origin === self.location.origin &&
    url.pathname.startsWith("/assets/")
  ) {
    event.respondWith(
      fetch(request).catch(
        async () => (await caches.match(request, { cacheName: SHELL })) ?? Response.error(),
      ),
    );
  }
  // Everything else (scripts, .data reads, API calls) is left alone.
});

async function navigate(event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method === "POST" && url.pathname === "/logout") {
    // Signing out: the next offline page is a signed-out one (Clear-Site-Data does the rest
    // where the browser has it).
    await forgetPerson();
  }
  try {
    const response = await fetch(request);
    event.waitUntil(refreshShellIfOld());
    return response;
  } catch {
    return offlinePage(url);
  }
}

/** The offline page for `url`, in the last page's language and skin; the retry leads back. */
async function offlinePage(url) {
  const shell = await caches.open(SHELL);
  const state = await readState(shell);
  const stored = await shell.match(`/offline?lng=${state.lang}`);
  let html = stored ? await stored.text() : fallbackHtml(state.lang);
  html = html.replace(/data-skin="\d+"/, `data-skin="${state.skin}"`);
  const back = url.origin === self.location.origin ? url.pathname + url.search : "/";
  html = html.replace(
    /href="\/" data-offline-retry=""/,
    `href="${escapeHtml(back)}" data-offline-retry=""`,
  );
  // 200, not 503: it is the page the browser shows for the navigation (installability checks
  // ask the same of an offline start URL).
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": OFFLINE_CSP,
    },
  });
}

/** Fetches /offline in each language, takes its scripts out and keeps it with its styles. */
async function refreshShell() {
  const shell = await caches.open(SHELL);
  const assets = new Set();
  for (const lang of LANGUAGES) {
    // Without cookies: the copy is the signed-out page, and `?lng=` sets no one's language.
    const response = await fetch(`/offline?lng=${lang}`, {
      credentials: "omit",
      cache: "no-store",
    });
    if (!response.ok) throw new Error(`offline page ${lang}: ${response.status}`);
    const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    for (const match of html.matchAll(/<link\b[^>]*\bhref="(\/assets\/[^"]+)"/gi)) {
      assets.add(match[1]);
    }
    await shell.put(
      `/offline?lng=${lang}`,
      new Response(html, {
        headers: { "Content-Type": "text/html; charset=utf-8", "X-Stored-At": String(Date.now()) },
      }),
    );
  }
  // Hashed build files never change under their name: a copy in the cache is always right.
  await Promise.all(
    [...assets].map(async (href) => {
      if (!(await shell.match(href))) await shell.add(href);
    }),
  );
}

async function refreshShellIfOld() {
  const stored = await (await caches.open(SHELL)).match(`/offline?lng=${LANGUAGES[0]}`);
  const at = Number(stored?.headers.get("X-Stored-At") ?? 0);
  if (Date.now() - at > REFRESH_MS) await refreshShell().catch(() => undefined);
}

async function readState(shell) {
  const stored = await shell.match(STATE);
  const state = stored ? await stored.json().catch(() => ({})) : {};
  return {
    lang: LANGUAGES.includes(state.lang) ? state.lang : LANGUAGES[0],
    skin: /^\d{1,2}$/.test(String(state.skin)) ? String(state.skin) : "1",
  };
}

async function saveState(data) {
  const lang = LANGUAGES.includes(data.lang) ? data.lang : LANGUAGES[0];
  const skin = /^\d{1,2}$/.test(String(data.skin)) ? String(data.skin) : "1";
  const shell = await caches.open(SHELL);
  await shell.put(STATE, Response.json({ lang, skin }));
}

async function forgetPerson() {
  const shell = await caches.open(SHELL);
  const state = await readState(shell);
  // The language stays (the sign-in page shows it too); the person's skin goes.
  await shell.put(STATE, Response.json({ lang: state.lang, skin: "1" }));
}

function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch],
  );
}

/** Before the first copy is kept (the very first offline moment): the same words, unstyled. */
function fallbackHtml(lang) {
  const en = lang === "en";
  return `<!doctype html><html lang="${lang}" data-skin="1"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${en ? "You are offline" : "Χωρίς σύνδεση"}</title></head><body><main id="main"><h1>${en ? "You are offline" : "Χωρίς σύνδεση"}</h1><p><a href="/" data-offline-retry="">${en ? "Try again" : "Δοκιμάστε ξανά"}</a></p></main></body></html>`;
}
