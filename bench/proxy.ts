/**
 * A tiny compressing reverse proxy for the benchmark only: `wrangler dev` serves bodies
 * uncompressed, while Cloudflare compresses them on the way to the browser. Chromium's network
 * throttling counts the bytes it receives, so it talks to this proxy, which gzips (level 6, the
 * conservative figure; brotli is smaller) every compressible response and flushes each chunk as
 * it arrives, so streamed HTML still streams. Listens on 127.0.0.1 only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

export function startProxy(upstream: string): Promise<Proxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers["accept-encoding"];
    const wantsGzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const upstreamReq = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (upstreamRes) => {
        const out = { ...upstreamRes.headers };
        const type = String(out["content-type"] ?? "");
        const compress =
          wantsGzip &&
          req.method !== "HEAD" &&
          !out["content-encoding"] &&
          upstreamRes.statusCode !== 204 &&
          upstreamRes.statusCode !== 304 &&
          COMPRESSIBLE.test(type);
        if (!compress) {
          res.writeHead(upstreamRes.statusCode ?? 502, out);
          upstreamRes.pipe(res);
          return;
        }
        delete out["content-length"];
        out["content-encoding"] = "gzip";
        out.vary = out.vary ? `${String(out.vary)}, Accept-Encoding` : "Accept-Encoding";
        res.writeHead(upstreamRes.statusCode ?? 502, out);
        const gzip = zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
        upstreamRes.pipe(gzip).pipe(res);
      },
    );
    upstreamReq.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`bench proxy: ${error.message}`);
    });
    req.pipe(upstreamReq);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
