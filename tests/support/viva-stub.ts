/**
 * A loopback stand-in of Viva's documented endpoints (developer.viva.com), for the integration,
 * e2e and load tests of the real Viva adapter (api/gateway/viva.ts; ADR 0025). One node:http
 * server plays all three of Viva's hosts (accounts, api, checkout):
 *
 * - `POST /connect/token`: OAuth2 client credentials (Basic client id:secret);
 * - `POST /checkout/v2/orders` (Bearer): a payment order → `{ orderCode }` (16 digits);
 * - `GET /checkout/v2/transactions/{id}` (Bearer): the read-back, amount in euros with decimals;
 * - `GET /api/messages/config/token` (Basic merchant id:API key): the webhook key `{ Key }`;
 * - `GET /api/orders/{code}`, `GET /api/transactions?ordercode=`, `DELETE /api/orders/{code}`,
 *   `DELETE /api/transactions/{id}?amount=` (Basic): look-ups, cancel order, cancel/refund;
 * - direct debit (ADR 0025, "Direct debit"): an order with `allowRecurring` gives transactions
 *   whose read-back says `recurringSupport: true`; `GET /api/transactions/{id}` (Basic) has the
 *   card's `ExpirationDate`; `POST /api/transactions/{id}` (Basic) charges again ("Create a
 *   recurring payment", recorded in `recurring`); `POST /acquiring/v1/cards/tokens` (Bearer)
 *   turns a transaction into a card token ("Handle card tokens");
 * - `GET /web/checkout?ref={code}`: a minimal hosted page with "Pay" and "Fail", which sends the
 *   customer to the portal's return URL with `t` and `s` (Viva's success/failure URL) and/or fires
 *   the webhook (1796/1798) at the portal.
 *
 * Controls for tests: token lifetime and revocation, 5xx and delays per path, tampering of the
 * read-back, order states, and a record of every request.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { freePorts } from "./ports.ts";

export const VIVA_TEST_CREDENTIALS = {
  VIVA_CLIENT_ID: "test-client.apps.vivapayments.com",
  VIVA_CLIENT_SECRET: "test-client-secret",
  VIVA_MERCHANT_ID: "00000000-0000-4000-8000-000000000001",
  VIVA_API_KEY: "test-api-key",
  VIVA_SOURCE_CODE: "4321",
} as const;

export const VIVA_WEBHOOK_KEY = "B3248B6C1A3C2D2E8C5E8C1D0C9D1A2B3C4D5E6F";

export interface StubOrder {
  orderCode: string;
  body: Record<string, unknown>;
  amountCents: number;
  merchantTrns: string;
  /** Viva's StateId: 0 pending, 1 expired, 2 canceled, 3 paid. */
  stateId: number;
}

export interface StubTransaction {
  transactionId: string;
  orderCode: string;
  statusId: string;
  amountCents: number;
  merchantTrns: string;
}

export interface StubRequest {
  method: string;
  path: string;
  authorization: string;
  body: string;
}

export interface Fault {
  method?: string;
  path: RegExp;
  status?: number;
  delayMs?: number;
  /** How many requests it applies to (default: all). */
  times?: number;
}

/** How the hosted page ends: redirect the customer, fire the webhook, or both. */
export type CheckoutMode = "redirect" | "webhook" | "both";

export interface VivaStub {
  url: string;
  /** Worker variables that point the portal at this stand-in. */
  vars: Record<string, string>;
  orders: Map<string, StubOrder>;
  transactions: Map<string, StubTransaction>;
  refunds: { transactionId: string; amountCents: number }[];
  /** Recurring charges made on an initial transaction (`POST /api/transactions/{id}`). */
  recurring: { initialTransactionId: string; amountCents: number }[];
  requests: StubRequest[];
  tokensIssued(): number;
  /** The portal this page returns to and posts webhooks to. */
  setPortal(url: string): void;
  setMode(mode: CheckoutMode): void;
  setTokenLifetime(seconds: number): void;
  /** Every token issued so far answers 401 from now on (as an expired one would). */
  expireTokens(): void;
  setFaults(faults: Fault[]): void;
  /** Changes what the read-back says of transactions (amount, order code, status…). */
  setTamper(tamper: ((txn: StubTransaction) => Partial<StubTransaction>) | null): void;
  /** The customer pays (or fails) on Viva's page; no redirect, no webhook. */
  pay(orderCode: string, statusId?: "F" | "E"): StubTransaction;
  /** Viva's webhook for a transaction, posted to the portal; the portal's status. */
  sendWebhook(transactionId: string, eventTypeId?: number): Promise<number>;
  /** The return URL Viva sends the customer to after paying. */
  returnUrl(txn: StubTransaction): string;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startVivaStub(): Promise<VivaStub> {
  const c = VIVA_TEST_CREDENTIALS;
  const orders = new Map<string, StubOrder>();
  const transactions = new Map<string, StubTransaction>();
  const refunds: { transactionId: string; amountCents: number }[] = [];
  const recurring: { initialTransactionId: string; amountCents: number }[] = [];
  const requests: StubRequest[] = [];
  const tokens = new Map<string, number>(); // token → expiry (ms)
  let issued = 0;
  let tokenLifetime = 3600;
  let faults: (Fault & { used: number })[] = [];
  let tamper: ((txn: StubTransaction) => Partial<StubTransaction>) | null = null;
  let portal = "";
  let mode: CheckoutMode = "redirect";
  let nextCode = 7_812_345_678_900_000n + BigInt(Math.floor(Math.random() * 90_000) * 100);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    // Order codes go out as JSON numbers (16 digits), as Viva sends them.
    res.end(
      JSON.stringify(body).replace(
        /"(orderCode|OrderCode)":"(\d+)"/g,
        (_m, k: string, d: string) => {
          return `"${k}":${d}`;
        },
      ),
    );
  };

  const bearerOk = (req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expires = token ? tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  };
  const merchantOk = (req: IncomingMessage) =>
    req.headers.authorization === basic(c.VIVA_MERCHANT_ID, c.VIVA_API_KEY);

  const readBack = (txn: StubTransaction) => {
    const seen = { ...txn, ...(tamper ? tamper(txn) : {}) };
    return {
      email: "customer@example.gr",
      amount: seen.amountCents / 100,
      orderCode: seen.orderCode,
      statusId: seen.statusId,
      fullName: "Test Customer",
      insDate: new Date().toISOString(),
      cardNumber: "414746XXXXXX0133",
      currencyCode: "978",
      customerTrns: String(orders.get(txn.orderCode)?.body.customerTrns ?? ""),
      merchantTrns: seen.merchantTrns,
      transactionTypeId: 5,
      recurringSupport: orders.get(txn.orderCode)?.body.allowRecurring === true,
      totalInstallments: 0,
      cardCountryCode: "GR",
      cardIssuingBank: "Test Bank",
      currentInstallment: 0,
      cardUniqueReference: "A1B2C3",
      cardTypeId: 0,
    };
  };

  function pay(orderCode: string, statusId: "F" | "E" = "F"): StubTransaction {
    const order = orders.get(orderCode);
    if (!order) throw new Error(`no order ${orderCode}`);
    const txn: StubTransaction = {
      transactionId: randomUUID(),
      orderCode,
      statusId,
      amountCents: order.amountCents,
      merchantTrns: order.merchantTrns,
    };
    transactions.set(txn.transactionId, txn);
    if (statusId === "F") order.stateId = 3;
    return txn;
  }

  async function sendWebhook(transactionId: string, eventTypeId?: number): Promise<number> {
    const txn = transactions.get(transactionId);
    if (!txn) throw new Error(`no transaction ${transactionId}`);
    const event = eventTypeId ?? (txn.statusId === "F" ? 1796 : 1798);
    const body = JSON.stringify({
      Url: `${portal}/api/payments/viva/webhook`,
      EventData: {
        TransactionId: txn.transactionId,
        OrderCode: txn.orderCode,
        StatusId: txn.statusId,
        Amount: txn.amountCents / 100,
        MerchantTrns: txn.merchantTrns,
        SourceCode: c.VIVA_SOURCE_CODE,
        CurrencyCode: "978",
      },
      Created: new Date().toISOString(),
      CorrelationId: randomUUID(),
      EventTypeId: event,
      Delay: null,
      MessageId: randomUUID(),
      RecipientId: c.VIVA_MERCHANT_ID,
      MessageTypeId: 512,
    }).replace(/"OrderCode":"(\d+)"/, '"OrderCode":$1');
    const response = await fetch(`${portal}/api/payments/viva/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", connection: "close" },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  const returnUrl = (txn: StubTransaction) =>
    `${portal}/checkout-return?${new URLSearchParams({
      t: txn.transactionId,
      s: txn.orderCode,
      lang: "el-GR",
      eventId: txn.statusId === "F" ? "0" : "10051",
      eci: "1",
    })}`;

  function checkoutPage(res: ServerResponse, code: string) {
    const order = orders.get(code);
    if (!order) {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Viva</title><p>Unknown order</p>");
      return;
    }
    const amount = (order.amountCents / 100).toFixed(2);
    const form = (action: string, label: string) =>
      `<form method="post" action="/web/checkout/${action}"><input type="hidden" name="ref" value="${code}"><button type="submit">${label}</button></form>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Viva Smart Checkout (stand-in)</title></head>
<body><main><h1>Viva Smart Checkout (stand-in)</h1>
<p>${escapeHtml(String(order.body.customerTrns ?? ""))}</p><p>Amount: <strong>${amount} EUR</strong></p>
${form("pay", "Pay")}${form("fail", "Fail")}</main></body></html>`);
  }

  async function finishCheckout(res: ServerResponse, body: string, statusId: "F" | "E") {
    const code = new URLSearchParams(body).get("ref") ?? "";
    if (!orders.has(code)) {
      res.writeHead(404);
      res.end();
      return;
    }
    const txn = pay(code, statusId);
    if (mode !== "redirect") await sendWebhook(txn.transactionId).catch(() => 0);
    if (mode === "webhook") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Viva</title></head><body><main><h1>Payment ${statusId === "F" ? "completed" : "failed"}</h1><p>You may close this window.</p></main></body></html>`,
      );
      return;
    }
    res.writeHead(302, { location: returnUrl(txn) });
    res.end();
  }

  async function route(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? "/", "http://stub.invalid");
    const path = url.pathname;
    const method = req.method ?? "GET";

    if (method === "POST" && path === "/connect/token") {
      if (req.headers.authorization !== basic(c.VIVA_CLIENT_ID, c.VIVA_CLIENT_SECRET)) {
        return send(res, 400, { error: "invalid_client" });
      }
      if (new URLSearchParams(body).get("grant_type") !== "client_credentials") {
        return send(res, 400, { error: "unsupported_grant_type" });
      }
      issued += 1;
      const token = `stub-${randomUUID()}`;
      tokens.set(token, Date.now() + tokenLifetime * 1000);
      return send(res, 200, {
        access_token: token,
        expires_in: tokenLifetime,
        token_type: "Bearer",
        scope: "urn:viva:payments:core:api:redirectcheckout",
      });
    }
    if (method === "POST" && path === "/checkout/v2/orders") {
      if (!bearerOk(req)) return send(res, 401, { message: "unauthorized" });
      const order = JSON.parse(body) as Record<string, unknown>;
      if (!Number.isSafeInteger(order.amount) || (order.amount as number) < 30) {
        return send(res, 400, { message: "invalid amount" });
      }
      nextCode += 1n;
      const orderCode = nextCode.toString();
      orders.set(orderCode, {
        orderCode,
        body: order,
        amountCents: order.amount as number,
        merchantTrns: String(order.merchantTrns ?? ""),
        stateId: 0,
      });
      return send(res, 200, { orderCode });
    }
    const txnMatch = /^\/checkout\/v2\/transactions\/([^/]+)$/.exec(path);
    if (method === "GET" && txnMatch) {
      if (!bearerOk(req)) return send(res, 401, { message: "unauthorized" });
      const txn = transactions.get(decodeURIComponent(txnMatch[1] ?? ""));
      if (!txn) return send(res, 404, { message: "transaction not found" });
      return send(res, 200, readBack(txn));
    }
    if (path.startsWith("/api/")) {
      if (!merchantOk(req)) return send(res, 401, { message: "unauthorized" });
      if (method === "GET" && path === "/api/messages/config/token") {
        return send(res, 200, { Key: VIVA_WEBHOOK_KEY });
      }
      const orderMatch = /^\/api\/orders\/(\d+)$/.exec(path);
      if (orderMatch) {
        const order = orders.get(orderMatch[1] ?? "");
        if (!order) return send(res, 404, { ErrorCode: 404, ErrorText: "order not found" });
        if (method === "DELETE") {
          if (order.stateId === 0) order.stateId = 2;
          return send(res, 200, { OrderCode: order.orderCode, ErrorCode: 0 });
        }
        return send(res, 200, {
          OrderCode: order.orderCode,
          SourceCode: c.VIVA_SOURCE_CODE,
          RequestLang: (order.body.customer as { requestLang?: string } | undefined)?.requestLang,
          MerchantTrns: order.merchantTrns,
          CustomerTrns: order.body.customerTrns,
          RequestAmount: order.amountCents / 100,
          StateId: order.stateId,
          ExpirationDate: new Date(Date.now() + 1800_000).toISOString(),
        });
      }
      if (method === "GET" && path === "/api/transactions") {
        const code = url.searchParams.get("ordercode") ?? "";
        const list = [...transactions.values()].filter((t) => t.orderCode === code);
        return send(res, 200, {
          Transactions: list.map((t) => ({
            TransactionId: t.transactionId,
            StatusId: t.statusId,
            Amount: t.amountCents / 100,
            MerchantTrns: t.merchantTrns,
            Order: { OrderCode: t.orderCode },
          })),
          ErrorCode: 0,
          ErrorText: null,
        });
      }
      const refundMatch = /^\/api\/transactions\/([^/]+)$/.exec(path);
      if (method === "GET" && refundMatch) {
        const txn = transactions.get(decodeURIComponent(refundMatch[1] ?? ""));
        if (!txn) return send(res, 404, { ErrorCode: 404, ErrorText: "not found" });
        return send(res, 200, {
          Transactions: [
            {
              TransactionId: txn.transactionId,
              StatusId: txn.statusId,
              Amount: txn.amountCents / 100,
              Order: { OrderCode: txn.orderCode },
              CreditCard: {
                Number: "414746XXXXXX0133",
                CountryCode: "GR",
                IssuingBank: "Test Bank",
                CardHolderName: "TEST CUSTOMER",
                CardType: { CardTypeId: 0, Name: "VISA" },
                ExpirationDate: "2030-10-31T00:00:00",
              },
            },
          ],
          ErrorCode: 0,
        });
      }
      if (method === "POST" && refundMatch) {
        const id = decodeURIComponent(refundMatch[1] ?? "");
        const initial = transactions.get(id);
        const amount = Number((JSON.parse(body || "{}") as { amount?: unknown }).amount);
        if (!initial || initial.statusId !== "F" || !readBack(initial).recurringSupport) {
          return send(res, 200, { ErrorCode: 403, ErrorText: "recurring not allowed" });
        }
        recurring.push({ initialTransactionId: id, amountCents: amount });
        return send(res, 200, { TransactionId: randomUUID(), StatusId: "F", ErrorCode: 0 });
      }
      if (method === "DELETE" && refundMatch) {
        const id = decodeURIComponent(refundMatch[1] ?? "");
        const txn = transactions.get(id);
        const amountCents = Number(url.searchParams.get("amount"));
        if (!txn || txn.statusId !== "F" || amountCents !== txn.amountCents) {
          return send(res, 200, { ErrorCode: 403, ErrorText: "cannot refund" });
        }
        refunds.push({ transactionId: id, amountCents });
        return send(res, 200, { TransactionId: randomUUID(), StatusId: "F", ErrorCode: 0 });
      }
    }
    if (method === "POST" && path === "/acquiring/v1/cards/tokens") {
      if (!bearerOk(req)) return send(res, 401, { message: "unauthorized" });
      const { transactionId } = JSON.parse(body || "{}") as { transactionId?: string };
      if (!transactionId || transactions.get(transactionId)?.statusId !== "F") {
        return send(res, 400, { message: "invalid transaction" });
      }
      return send(res, 200, { token: `ctok_${randomUUID().replaceAll("-", "")}` });
    }
    if (method === "GET" && path === "/web/checkout") {
      return checkoutPage(res, url.searchParams.get("ref") ?? "");
    }
    if (method === "POST" && path === "/web/checkout/pay") return finishCheckout(res, body, "F");
    if (method === "POST" && path === "/web/checkout/fail") return finishCheckout(res, body, "E");
    return send(res, 404, { message: "not found" });
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      requests.push({
        method: req.method ?? "GET",
        path: req.url ?? "/",
        authorization: req.headers.authorization ?? "",
        body,
      });
      const fault = faults.find(
        (f) =>
          (!f.method || f.method === req.method) &&
          f.path.test(path) &&
          (f.times === undefined || f.used < f.times),
      );
      if (fault) {
        fault.used += 1;
        if (fault.delayMs) {
          let gone = false;
          res.on("close", () => {
            if (!res.writableFinished) gone = true;
          });
          await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
          if (gone) return;
        }
        if (fault.status) {
          res.writeHead(fault.status, { "content-type": "text/html" });
          res.end(`<html><body>${fault.status}</body></html>`);
          return;
        }
      }
      await route(req, res, body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  const [port] = await freePorts(1);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    vars: {
      PAYMENT_PROVIDER: "viva",
      VIVA_ENVIRONMENT: "demo",
      ...c,
      VIVA_ACCOUNTS_URL: url,
      VIVA_API_URL: url,
      VIVA_CHECKOUT_URL: url,
    },
    orders,
    transactions,
    refunds,
    recurring,
    requests,
    tokensIssued: () => issued,
    setPortal(next) {
      portal = next.replace(/\/+$/, "");
    },
    setMode(next) {
      mode = next;
    },
    setTokenLifetime(seconds) {
      tokenLifetime = seconds;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    setFaults(next) {
      faults = next.map((f) => ({ ...f, used: 0 }));
    },
    setTamper(next) {
      tamper = next;
    },
    pay,
    sendWebhook,
    returnUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
