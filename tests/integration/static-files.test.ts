import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/fetch-worker";
import { startServer, type TestServer } from "./server";

/**
 * No Worker work (and no Worker CPU) for static files: everything in public/ (icons, web-app
 * manifest, robots.txt) is answered by Workers Assets from the build, without running the Worker,
 * with the transport headers of public/_headers. Served with exactly a deploy's configuration.
 */
let server: TestServer;
const publicDir = path.resolve(import.meta.dirname, "../../public");
/** The files a client may ask for: public/ minus Workers Assets' own configuration files. */
const files = readdirSync(publicDir).filter(
  (name) => !name.startsWith("_") && !name.startsWith("."),
);

const CONTENT_TYPES: Record<string, RegExp> = {
  ".ico": /^image\/(x-icon|vnd\.microsoft\.icon)\b/,
  ".png": /^image\/png\b/,
  ".svg": /^image\/svg\+xml\b/,
  ".webmanifest": /^application\/manifest\+json\b/,
  ".txt": /^text\/plain\b/,
  // The service worker (#39): a script, or the browser refuses to register it.
  ".js": /^(text|application)\/javascript\b/,
};

beforeAll(async () => {
  server = await startServer({ deployConfig: true, logLevel: "log" });
});
afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string) =>
  fetchWorker(`${server.baseUrl}${pathname}`, { headers: { connection: "close" } });

const requestLines = () =>
  server
    .log()
    .split("\n")
    .filter((line) => line.includes('"type":"request"')).length;

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

describe("#16 static files from public/", () => {
  it("#16 each file of public/ answers 200 with its content type, its bytes and HSTS", async () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "favicon.ico",
        "robots.txt",
        "manifest.webmanifest",
        "icon.svg",
        "icon-192.png",
        "icon-512.png",
        "apple-touch-icon.png",
      ]),
    );
    for (const name of files) {
      const response = await get(`/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type"), name).toMatch(
        CONTENT_TYPES[path.extname(name)] ?? /^$/,
      );
      const body = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.from(body).equals(readFileSync(path.join(publicDir, name))), name).toBe(true);
      // public/_headers: what the Worker would have added (workers/security.ts).
      expect(response.headers.get("strict-transport-security"), name).toMatch(
        /max-age=\d{8,}; includeSubDomains/,
      );
      expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
    }
    // The SVG, a document when opened on its own, runs nothing.
    expect((await get("/icon.svg")).headers.get("content-security-policy")).toMatch(
      /default-src 'none'.*sandbox/,
    );
    // The configuration file itself is not served (the Worker's 404 page answers instead).
    const headersFile = await get("/_headers");
    expect(headersFile.status).toBe(404);
    expect(await headersFile.text()).not.toContain("Strict-Transport-Security:");
  });

  it("#16 static files are answered without running the Worker (no request line in its log)", async () => {
    // Workers Assets answers a path that names a file before the Worker (no run_worker_first).
    const config = JSON.parse(
      readFileSync(path.join(server.persistDir, "build/server/wrangler.json"), "utf8"),
    ) as { assets?: { run_worker_first?: unknown; directory?: string } };
    expect(config.assets?.directory).toBe("../client");
    expect(config.assets?.run_worker_first ?? false).toBe(false);

    // A Worker answer first, to see its request line: the log works. Earlier /healthz lines are
    // in the log already (the server's start polls it): wait for this request's own line, so that
    // `before` counts it (otherwise it could arrive after and be taken for a static file's).
    const healthzLines = () =>
      server
        .log()
        .split("\n")
        .filter((line) => line.includes('"route":"/healthz"')).length;
    const earlier = healthzLines();
    await get("/healthz");
    for (let i = 0; i < 100 && healthzLines() === earlier; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthzLines(), "the Worker's request line is in its log").toBe(earlier + 1);
    const before = requestLines();
    for (const name of files) expect((await get(`/${name}`)).status, name).toBe(200);
    // Then one more Worker answer, a marker: once its line is in, any line of the static
    // requests above would be too (the Worker logs each answer as it is sent).
    await get("/no-such-page-marker");
    for (let i = 0; i < 100 && requestLines() === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requestLines() - before).toBe(1);
  });

  it("#16 every page links the icons and the manifest, and all they name exists", async () => {
    const html = await (await get("/login")).text();
    const hrefs = [...html.matchAll(/<link\b[^>]*\brel="(icon|apple-touch-icon|manifest)"[^>]*>/g)]
      .map((match) => /\bhref="([^"]+)"/.exec(match[0])?.[1] ?? "")
      .filter(Boolean);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        "/favicon.ico",
        "/icon.svg",
        "/apple-touch-icon.png",
        "/manifest.webmanifest",
      ]),
    );
    for (const href of hrefs) expect((await get(href)).status, href).toBe(200);

    const manifest = (await (await get("/manifest.webmanifest")).json()) as {
      name: string;
      short_name: string;
      description: string;
      lang: string;
      start_url: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest.lang).toBe("el");
    // The portal's one name (locales/glossary.json, #35); its description in Greek, the default language.
    expect(manifest.name).toBe("myNRG");
    expect(manifest.short_name).toBe("myNRG");
    expect(manifest.description).toMatch(/[\u0370-\u03ff]/);
    expect(manifest.theme_color).toBe("#00558c");
    // The start page exists: signed out it sends to the login form, which returns to it.
    const start = await fetchWorker(`${server.baseUrl}${manifest.start_url}`, {
      redirect: "manual",
      headers: { connection: "close" },
    });
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toMatch(/^\/login\b/);
    for (const icon of manifest.icons) {
      const response = await get(icon.src);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("content-type"), icon.src).toContain(icon.type);
      if (icon.type === "image/png") {
        const [width, height] = pngSize(new Uint8Array(await response.arrayBuffer()));
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }
    }
    expect(manifest.icons.some((icon) => icon.sizes === "192x192")).toBe(true);
    expect(manifest.icons.some((icon) => icon.sizes === "512x512")).toBe(true);
    const apple = pngSize(new Uint8Array(await (await get("/apple-touch-icon.png")).arrayBuffer()));
    expect(apple).toEqual([180, 180]);
  });

  it("#16 robots.txt keeps crawlers to the public pages: not /b2b/, /api/ or signed links", async () => {
    const robots = await (await get("/robots.txt")).text();
    const rules = robots
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim())
      .filter(Boolean);
    expect(rules).toContain("User-agent: *");
    expect(rules).toContain("Disallow: /b2b/");
    expect(rules).toContain("Disallow: /api/");
    expect(rules).toContain("Allow: /login");
    // Longest match wins (RFC 9309): a path is allowed when its longest matching rule is Allow.
    const allowed = (pathname: string) => {
      let best: { allow: boolean; length: number } = { allow: true, length: -1 };
      for (const rule of rules) {
        const match = /^(Allow|Disallow):\s*(\S*)$/.exec(rule);
        if (!match?.[2]) continue;
        const pattern = match[2];
        const exact = pattern.endsWith("$");
        const prefix = exact ? pattern.slice(0, -1) : pattern;
        const hit = exact ? pathname === prefix : pathname.startsWith(prefix);
        if (hit && prefix.length > best.length) {
          best = { allow: match[1] === "Allow", length: prefix.length };
        }
      }
      return best.allow;
    };
    for (const open of ["/", "/login", "/signup", "/contact", "/terms", "/metavasi"]) {
      expect(allowed(open), open).toBe(true);
    }
    for (const closed of [
      "/b2b/episkopisi",
      "/b2b/pay",
      "/api/ping",
      "/instructions",
      "/pay/abc",
      "/reset-password/abc",
      "/activate/abc",
      "/direct-debit/loader",
    ]) {
      expect(allowed(closed), closed).toBe(false);
    }
  });
});
