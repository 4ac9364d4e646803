/**
 * A loopback stand-in of Twilio's "Create a Message" endpoint
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, Basic auth, form body To/From/Body),
 * for the SMS adapter (api/messages/adapters.ts) in integration and e2e tests. It records every
 * message it received and answers with Twilio's documented JSON: 201 with a Message resource, or
 * the error body `{ code, message, more_info, status }`. A test can make it answer 400 with code
 * 21211 (invalid 'To' number), 429 (code 20429), 500, or hang (never answer).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { freePorts } from "./ports.ts";

export type TwilioBehaviour =
  "ok" | "invalid_number" | "too_many_requests" | "server_error" | "hang";

export interface TwilioMessage {
  accountSid: string;
  /** The Basic credentials, decoded ("sid:token"). */
  auth: string;
  to: string;
  from: string;
  body: string;
  sid: string;
  at: number;
}

export interface TwilioStub {
  url: string;
  accountSid: string;
  authToken: string;
  /** Messages answered 201 (accepted), in order. */
  messages: TwilioMessage[];
  /** Every request received (any answer), for counting attempts. */
  requests: number;
  /** The answer for the next requests; `times` answers then back to "ok". */
  behave(behaviour: TwilioBehaviour, times?: number): void;
  /** Polls until `count` messages were accepted or `timeoutMs` passed. */
  waitForMessages(count: number, timeoutMs?: number): Promise<TwilioMessage[]>;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const ERRORS = {
  invalid_number: {
    status: 400,
    body: {
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
      more_info: "https://www.twilio.com/docs/errors/21211",
      status: 400,
    },
  },
  too_many_requests: {
    status: 429,
    body: {
      code: 20429,
      message: "Too Many Requests",
      more_info: "https://www.twilio.com/docs/errors/20429",
      status: 429,
    },
  },
  server_error: {
    status: 500,
    body: {
      code: 20500,
      message: "Internal Server Error",
      more_info: "https://www.twilio.com/docs/errors/20500",
      status: 500,
    },
  },
} as const;

export async function startTwilioStub(): Promise<TwilioStub> {
  const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
  const authToken = "stub-auth-token";
  const messages: TwilioMessage[] = [];
  let behaviour: TwilioBehaviour = "ok";
  let remaining = Infinity;
  let counter = 0;
  const hanging = new Set<() => void>();
  const stub = { requests: 0 };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      stub.requests++;
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? "");
      const auth = Buffer.from(
        (req.headers.authorization ?? "").replace(/^Basic\s+/i, ""),
        "base64",
      ).toString("utf8");
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || !match) return json(404, { code: 20404, status: 404 });
      if (auth !== `${accountSid}:${authToken}` || match[1] !== accountSid) {
        return json(401, { code: 20003, message: "Authenticate", status: 401 });
      }
      const current = behaviour;
      if (--remaining <= 0) {
        behaviour = "ok";
        remaining = Infinity;
      }
      if (current === "hang") {
        // Never answers: the request left, the answer never comes (an ambiguous send).
        await new Promise<void>((resolve) => hanging.add(resolve));
        res.destroy();
        return;
      }
      if (current !== "ok") return json(ERRORS[current].status, ERRORS[current].body);
      const form = new URLSearchParams(body);
      const sid = `SM${String(++counter).padStart(32, "0")}`;
      const now = new Date().toUTCString();
      messages.push({
        accountSid: match[1],
        auth,
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        sid,
        at: Date.now(),
      });
      json(201, {
        account_sid: accountSid,
        api_version: "2010-04-01",
        body: form.get("Body"),
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: "outbound-api",
        error_code: null,
        error_message: null,
        from: form.get("From"),
        num_media: "0",
        num_segments: "1",
        price: null,
        price_unit: "EUR",
        sid,
        status: "queued",
        to: form.get("To"),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    })();
  });

  const [port] = await freePorts(1);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    accountSid,
    authToken,
    messages,
    get requests() {
      return stub.requests;
    },
    behave(next, times = Infinity) {
      behaviour = next;
      remaining = times;
    },
    async waitForMessages(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return messages;
    },
    stop() {
      for (const release of hanging) release();
      hanging.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
