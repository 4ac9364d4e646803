/**
 * Viva Smart Checkout (developer.viva.com): the PaymentGateway of a deployed portal
 * (PAYMENT_PROVIDER=viva; docs/decisions/0025-viva-smart-checkout.md).
 *
 * - OAuth2 client credentials at `{accounts}/connect/token` (Basic client id:secret): the token is
 *   kept per isolate until a minute before it expires; a 401 gets one fresh token and one retry.
 * - `POST {api}/checkout/v2/orders` creates the payment order (amount in cents, merchantTrns = our
 *   order id, customerTrns = what the customer sees, customer {email, fullName, requestLang},
 *   sourceCode); the customer goes to `{checkout}/web/checkout?ref={orderCode}`.
 * - The return (`t` transaction id, `s` order code) proves nothing: `GET
 *   {api}/checkout/v2/transactions/{t}` is read back, and only its statusId, orderCode,
 *   merchantTrns and amount (euros with decimals: compared in cents) count.
 * - Viva's older Basic-auth API (merchant id:API key, on the checkout host) gives the webhook key
 *   (`/api/messages/config/token`), the order look-up (`/api/orders/{code}`), the transactions of
 *   an order (`/api/transactions?ordercode=`), order cancellation (`DELETE /api/orders/{code}`) and
 *   cancel/refund (`DELETE /api/transactions/{id}?amount={cents}`).
 *
 * Every call runs against a deadline so a page that waits for Viva still answers within its 4 s
 * budget: a slow or failing Viva is "unavailable", never a hanging page.
 */
import { isDevelopment } from "../../core/environment";
import type { GatewayOrderRef, GatewayStatus, PaymentGateway, VerifiedReturn } from "./gateway";

export interface VivaConfig {
  accountsUrl: string;
  apiUrl: string;
  checkoutUrl: string;
  clientId: string;
  clientSecret: string;
  merchantId: string;
  apiKey: string;
  sourceCode: string;
}

/** Viva's hosts (developer.viva.com, "Environments"): demo and production. */
export const VIVA_HOSTS = {
  demo: {
    accounts: "https://demo-accounts.vivapayments.com",
    api: "https://demo-api.vivapayments.com",
    checkout: "https://demo.vivapayments.com",
  },
  production: {
    accounts: "https://accounts.vivapayments.com",
    api: "https://api.vivapayments.com",
    checkout: "https://www.vivapayments.com",
  },
} as const;

type VivaEnv = Pick<
  Env,
  | "VIVA_CLIENT_ID"
  | "VIVA_CLIENT_SECRET"
  | "VIVA_MERCHANT_ID"
  | "VIVA_API_KEY"
  | "VIVA_ACCOUNTS_URL"
  | "VIVA_API_URL"
  | "VIVA_CHECKOUT_URL"
> & { VIVA_ENVIRONMENT?: string; VIVA_SOURCE_CODE?: string; ENVIRONMENT?: string };

/** The configuration, or null when a secret is missing (payments then behave as off). */
export function vivaConfig(env: VivaEnv): VivaConfig | null {
  const { VIVA_CLIENT_ID, VIVA_CLIENT_SECRET, VIVA_MERCHANT_ID, VIVA_API_KEY } = env;
  if (!VIVA_CLIENT_ID || !VIVA_CLIENT_SECRET || !VIVA_MERCHANT_ID || !VIVA_API_KEY) return null;
  const hosts = env.VIVA_ENVIRONMENT === "demo" ? VIVA_HOSTS.demo : VIVA_HOSTS.production;
  const trim = (url: string) => url.replace(/\/+$/, "");
  // A stand-in's hosts only in local development: in production the credentials go to Viva
  // alone, whatever a variable says (the deploy check refuses these variables too).
  const dev = isDevelopment(env);
  const host = (override: string | undefined, real: string) =>
    trim(dev && override ? override : real);
  return {
    accountsUrl: host(env.VIVA_ACCOUNTS_URL, hosts.accounts),
    apiUrl: host(env.VIVA_API_URL, hosts.api),
    checkoutUrl: host(env.VIVA_CHECKOUT_URL, hosts.checkout),
    clientId: VIVA_CLIENT_ID,
    clientSecret: VIVA_CLIENT_SECRET,
    merchantId: VIVA_MERCHANT_ID,
    apiKey: VIVA_API_KEY,
    sourceCode: env.VIVA_SOURCE_CODE || "Default",
  };
}

/** Viva could not be asked (network, timeout, 5xx, an answer we cannot read). */
export class VivaUnavailable extends Error {
  constructor(what: string) {
    super(`viva unavailable: ${what}`);
    this.name = "VivaUnavailable";
  }
}

/** How long one page may wait for Viva in all (the page budget is 4 s). */
export const VIVA_BUDGET_MS = 3000;
/** A token is renewed this long before Viva says it expires. */
const TOKEN_MARGIN_MS = 60_000;

const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Order codes are 16-digit numbers, beyond a double's exact integers: read them as text. */
export function parseVivaJson(text: string): unknown {
  return JSON.parse(
    text.replace(/"(orderCode|OrderCode)"\s*:\s*(\d+)/g, (_m, key: string, digits: string) => {
      return `"${key}":"${digits}"`;
    }),
  );
}

const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;

/** Euros with decimals (Viva's read-back) to cents. */
export const vivaCents = (amount: unknown) =>
  typeof amount === "number" && Number.isFinite(amount) ? Math.round(amount * 100) : Number.NaN;

/** The last four digits of Viva's masked card number ("414746XXXXXX0133"), never more. */
export function lastFour(masked: unknown): string | null {
  const match = typeof masked === "string" ? /(\d{4})$/.exec(masked) : null;
  return match?.[1] ?? null;
}

/** Viva's transaction statusId: "F" finished; "A" in progress; the rest did not pay. */
export function vivaStatus(statusId: unknown): GatewayStatus {
  if (statusId === "F") return "approved";
  if (statusId === "A") return "pending";
  return "retry";
}

export interface VivaTransaction {
  transactionId: string;
  statusId: string;
  orderCode: string;
  merchantTrns: string;
  amountCents: number;
  /** The last four digits of the masked card number (414746XXXXXX0133), or null. */
  cardLast4: string | null;
  /** The masked number's leading digits (at most six: the card's brand), or "". */
  cardPrefix: string;
  /** The card holder's name as Viva has it ("" when none). */
  fullName: string;
  /** Whether the payment method allows recurring payments (Viva's recurringSupport). */
  recurringSupport: boolean;
}

export interface VivaOrderState {
  /** Viva's StateId: 0 pending, 1 expired, 2 canceled, 3 paid. */
  stateId: number;
  transactions: { transactionId: string; statusId: string }[];
}

export function vivaClient(config: VivaConfig, budgetMs = VIVA_BUDGET_MS) {
  const deadline = Date.now() + budgetMs;
  const cacheKey = `${config.accountsUrl} ${config.clientId}`;

  async function send(url: string, init: RequestInit): Promise<Response> {
    const left = deadline - Date.now();
    if (left <= 0) throw new VivaUnavailable("out of time");
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(left) });
    } catch (error) {
      throw new VivaUnavailable(`${new URL(url).pathname}: ${String(error)}`);
    }
  }

  async function token(fresh: boolean): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (!fresh && cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
    const response = await send(`${config.accountsUrl}/connect/token`, {
      method: "POST",
      headers: {
        Authorization: basic(config.clientId, config.clientSecret),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    if (!response.ok) throw new VivaUnavailable(`token ${response.status}`);
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (typeof body?.access_token !== "string") throw new VivaUnavailable("token unreadable");
    const seconds = typeof body.expires_in === "number" ? body.expires_in : 300;
    tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + seconds * 1000 });
    return body.access_token;
  }

  /** An OAuth2 call: a 401 gets one fresh token and one retry. */
  async function bearer(path: string, init: RequestInit = {}): Promise<Response> {
    const call = async (fresh: boolean) =>
      send(`${config.apiUrl}${path}`, {
        ...init,
        headers: { ...init.headers, Authorization: `Bearer ${await token(fresh)}` },
      });
    const first = await call(false);
    if (first.status !== 401) return first;
    tokens.delete(cacheKey);
    return call(true);
  }

  /** A call of the Basic-auth API (merchant id and API key) on the checkout host. */
  const merchant = (path: string, init: RequestInit = {}) =>
    send(`${config.checkoutUrl}${path}`, {
      ...init,
      headers: { ...init.headers, Authorization: basic(config.merchantId, config.apiKey) },
    });

  async function json(response: Response, what: string): Promise<Record<string, unknown>> {
    if (response.status >= 500 || response.status === 429 || response.status === 401) {
      throw new VivaUnavailable(`${what} ${response.status}`);
    }
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = parseVivaJson(text);
    } catch {
      throw new VivaUnavailable(`${what} unreadable`);
    }
    if (!body || typeof body !== "object") throw new VivaUnavailable(`${what} unreadable`);
    return body as Record<string, unknown>;
  }

  return {
    async createOrder(order: {
      amountCents: number;
      merchantTrns: string;
      customerTrns: string;
      lang: "el" | "en";
      email: string | null;
      fullName: string | null;
      /** A direct-debit mandate: later charges by `POST /api/transactions/{this transaction}`. */
      allowRecurring?: boolean;
    }): Promise<string> {
      const customer: Record<string, string> = {
        requestLang: order.lang === "en" ? "en-GB" : "el-GR",
      };
      if (order.email) customer.email = order.email;
      if (order.fullName) customer.fullName = order.fullName;
      const response = await bearer("/checkout/v2/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          amount: order.amountCents,
          customerTrns: order.customerTrns,
          customer,
          // Viva expires the order after 30 minutes; the reconciliation settles it afterwards.
          paymentTimeout: 1800,
          sourceCode: config.sourceCode,
          merchantTrns: order.merchantTrns,
          ...(order.allowRecurring ? { allowRecurring: true } : {}),
        }),
      });
      const body = await json(response, "create order");
      if (!response.ok || typeof body.orderCode !== "string") {
        throw new VivaUnavailable(`create order ${response.status}`);
      }
      return body.orderCode;
    },

    checkoutUrl: (orderCode: string) =>
      `${config.checkoutUrl}/web/checkout?ref=${encodeURIComponent(orderCode)}`,

    /** The transaction, or null when Viva does not know it (4xx). */
    async transaction(transactionId: string): Promise<VivaTransaction | null> {
      const response = await bearer(
        `/checkout/v2/transactions/${encodeURIComponent(transactionId)}`,
      );
      const body = await json(response, "transaction");
      if (!response.ok) return null;
      return {
        transactionId,
        statusId: typeof body.statusId === "string" ? body.statusId : "",
        orderCode: typeof body.orderCode === "string" ? body.orderCode : "",
        merchantTrns: typeof body.merchantTrns === "string" ? body.merchantTrns : "",
        amountCents: vivaCents(body.amount),
        cardLast4: lastFour(body.cardNumber),
        cardPrefix: /^\d{1,6}/.exec(String(body.cardNumber ?? ""))?.[0] ?? "",
        fullName: typeof body.fullName === "string" ? body.fullName.slice(0, 100) : "",
        recurringSupport: body.recurringSupport === true,
      };
    },

    /**
     * The card's expiry month and year, from the Basic-auth transaction look-up
     * (`GET /api/transactions/{id}`: `Transactions[0].CreditCard.ExpirationDate`); the OAuth2
     * read-back has no expiry. Null when Viva does not say.
     */
    async cardExpiry(transactionId: string): Promise<{ month: number; year: number } | null> {
      const response = await merchant(`/api/transactions/${encodeURIComponent(transactionId)}`);
      const body = await json(response, "transaction look-up");
      const rows = Array.isArray(body.Transactions) ? (body.Transactions as unknown[]) : [];
      const card = (rows[0] as { CreditCard?: { ExpirationDate?: unknown } } | undefined)
        ?.CreditCard;
      const match = /^(\d{4})-(\d{2})/.exec(String(card?.ExpirationDate ?? ""));
      if (!response.ok || !match) return null;
      const month = Number(match[2]);
      return month >= 1 && month <= 12 ? { month, year: Number(match[1]) } : null;
    },

    /** The webhook verification key (Viva asks the endpoint for it before it sends events). */
    async webhookKey(): Promise<string> {
      const response = await merchant("/api/messages/config/token");
      const body = await json(response, "webhook key");
      if (!response.ok || typeof body.Key !== "string") {
        throw new VivaUnavailable(`webhook key ${response.status}`);
      }
      return body.Key;
    },

    /** The order's state and its transactions (Basic-auth look-ups), for the reconciliation. */
    async orderState(orderCode: string): Promise<VivaOrderState | null> {
      const code = encodeURIComponent(orderCode);
      const [orderResponse, listResponse] = await Promise.all([
        merchant(`/api/orders/${code}`),
        merchant(`/api/transactions?ordercode=${code}`),
      ]);
      const order = await json(orderResponse, "order");
      const list = await json(listResponse, "transactions");
      if (!orderResponse.ok) return null;
      const rows = Array.isArray(list.Transactions) ? (list.Transactions as unknown[]) : [];
      return {
        stateId: typeof order.StateId === "number" ? order.StateId : -1,
        transactions: rows.flatMap((row) => {
          const r = row as Record<string, unknown> | null;
          return r && typeof r.TransactionId === "string"
            ? [{ transactionId: r.TransactionId, statusId: String(r.StatusId ?? "") }]
            : [];
        }),
      };
    },

    /** Cancels an unpaid payment order at Viva (the customer gave up). */
    async cancelOrder(orderCode: string): Promise<void> {
      const response = await merchant(`/api/orders/${encodeURIComponent(orderCode)}`, {
        method: "DELETE",
      });
      await json(response, "cancel order");
    },

    /** Cancel (same day) or refund a transaction for the whole amount: Viva decides which. */
    async refund(transactionId: string, amountCents: number): Promise<boolean> {
      const response = await merchant(
        `/api/transactions/${encodeURIComponent(transactionId)}?amount=${amountCents}`,
        { method: "DELETE" },
      );
      const body = await json(response, "refund");
      return response.ok && (body.ErrorCode === undefined || body.ErrorCode === 0);
    },
  };
}

export type VivaClient = ReturnType<typeof vivaClient>;

/** Test support: forget the cached tokens (a new isolate). */
export function forgetVivaTokens() {
  tokens.clear();
}

/** The PaymentGateway of Viva Smart Checkout. */
export function vivaGateway(config: VivaConfig): PaymentGateway {
  const client = vivaClient(config);
  return {
    async start(order) {
      const orderCode = await client.createOrder({
        amountCents: order.amountCents,
        merchantTrns: order.orderId,
        customerTrns: order.description,
        lang: order.lang,
        email: order.customer?.email ?? null,
        fullName: order.customer?.fullName ?? null,
      });
      return { redirectUrl: client.checkoutUrl(orderCode), providerOrder: orderCode };
    },

    returnOrderRef: (fields) => (/^\d{1,20}$/.test(fields.s ?? "") ? fields.s : undefined),

    async verifyReturn(fields): Promise<VerifiedReturn> {
      const t = fields.t ?? "";
      const s = fields.s ?? "";
      if (!t || !s) return { ok: false, reason: "missing" };
      if (!/^[0-9a-fA-F-]{16,64}$/.test(t) || !/^\d{1,20}$/.test(s)) {
        return { ok: false, reason: "invalid" };
      }
      let txn: VivaTransaction | null;
      try {
        txn = await client.transaction(t);
      } catch (error) {
        if (error instanceof VivaUnavailable) return { ok: false, reason: "unavailable" };
        throw error;
      }
      // Another order's transaction, an unknown one, or one Viva cannot tell the amount of.
      if (
        !txn ||
        txn.orderCode !== s ||
        !txn.merchantTrns ||
        !Number.isSafeInteger(txn.amountCents)
      ) {
        return { ok: false, reason: "invalid" };
      }
      return {
        ok: true,
        value: {
          orderId: txn.merchantTrns,
          acquirerTxn: txn.transactionId,
          status: vivaStatus(txn.statusId),
          amountCents: txn.amountCents,
          providerOrder: txn.orderCode,
          cardLast4: txn.cardLast4,
        },
      };
    },

    async cancel(order: GatewayOrderRef) {
      if (!order.providerOrder) return "cancelled";
      const state = await client.orderState(order.providerOrder);
      if (state?.transactions.some((t) => t.statusId === "F")) return "already_processed";
      await client.cancelOrder(order.providerOrder);
      return "cancelled";
    },

    async void(order: GatewayOrderRef, acquirerTxn: string) {
      return (await client.refund(acquirerTxn, order.amountCents)) ? "voided" : "not_authorised";
    },
  };
}
