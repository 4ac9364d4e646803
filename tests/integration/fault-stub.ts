/**
 * A loopback stand-in for an external billing backend that misbehaves on request: it forwards to
 * a real API (another Worker of this project) and, for the requests a rule matches, injects a
 * delay, an HTTP error, a connection reset or a malformed JSON body. The portal under test points
 * its API_BASE_URL here.
 *
 * A request that fails on purpose never reaches the real API, and a delayed request is forwarded
 * only if the caller is still waiting, as a backend that is slow to accept would behave: so after
 * an error nothing can have been recorded behind the portal's back.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { freePorts } from "../support/ports.ts";

export type Fault =
  | { kind: "delay"; ms: number }
  | { kind: "status"; status: 500 | 502 | 503 }
  | { kind: "reset" }
  | { kind: "malformed" };

export interface FaultRule {
  method?: string;
  /** Matched against the path after /api, e.g. /^\/v2\/me/ or /^\/readings$/. */
  path: RegExp;
  fault: Fault;
}

export interface FaultStub {
  url: string;
  /** Requests that reached the real API (method + path), in order. */
  forwarded: string[];
  setRules(rules: FaultRule[]): void;
  stop(): Promise<void>;
}

const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "host"]);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFaultStub(upstream: string): Promise<FaultStub> {
  let rules: FaultRule[] = [];
  const forwarded: string[] = [];
  const upstreamOrigin = new URL(upstream).origin;

  async function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, path: string) {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_HEADERS.has(key)) continue;
      headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    // The real API's CSRF rule wants its own origin (the portal sends ours).
    if (headers.has("origin")) headers.set("origin", upstreamOrigin);
    forwarded.push(`${req.method} ${path}`);
    const response = await fetch(upstreamOrigin + (req.url ?? "/"), {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
      redirect: "manual",
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      if (!HOP_HEADERS.has(key) && key !== "content-encoding" && key !== "content-length")
        out[key] = value;
    });
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? "/").replace(/^\/api/, "").split("?")[0] ?? "/";
      const rule = rules.find((r) => (!r.method || r.method === req.method) && r.path.test(path));
      let gone = false;
      res.on("close", () => {
        if (!res.writableFinished) gone = true;
      });
      const fault = rule?.fault;
      if (fault?.kind === "delay") {
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        if (gone) return; // the caller gave up: never forward behind its back
      } else if (fault?.kind === "status") {
        res.writeHead(fault.status, { "content-type": "text/html" });
        res.end(`<html><body><h1>${fault.status}</h1>upstream error</body></html>`);
        return;
      } else if (fault?.kind === "reset") {
        req.socket.destroy();
        return;
      } else if (fault?.kind === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"data": [{"id": 1, "trunc');
        return;
      }
      await forward(req, res, body, path);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });

  const [port] = await freePorts(1);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });

  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    setRules(next) {
      rules = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
