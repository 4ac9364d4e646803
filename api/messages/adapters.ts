import { isDevelopment } from "../../core/environment";
import { emailProvider, smsProvider } from "../../core/messaging";
import { emailHtml } from "./html";
import { toE164 } from "./sms";
import type { Lang } from "../types";

/**
 * The providers one message can go through. Each answers one attempt's outcome:
 * - `sent`: the provider accepted it (its id, when it gives one);
 * - `transient`: worth trying again later (network, provider 5xx, 429);
 * - `permanent`: never worth trying again (invalid address or number, other 4xx, sending off);
 * - `ambiguous`: the request left but no answer came; for SMS this is not retried automatically
 *   (Twilio has no idempotency key, a retry could text the code twice).
 */
export type Outcome =
  | { kind: "sent"; providerId?: string }
  | { kind: "transient"; error: string }
  | { kind: "permanent"; error: string }
  | { kind: "ambiguous"; error: string };

export interface OutgoingMessage {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  lang: Lang;
}

export interface Adapter {
  /** "cloudflare" | "twilio" | "outbox" | "off": logged, and whether bodies are kept. */
  name: string;
  /** A real provider: secrets in the body are emptied once it has sent them. */
  real: boolean;
  send(message: OutgoingMessage, timeoutMs: number): Promise<Outcome>;
}

/** What the adapters read from the Worker's environment. */
export type MessagingEnv = Pick<
  Env,
  "ENVIRONMENT" | "EMAIL_PROVIDER" | "EMAIL_FROM" | "EMAIL_REPLY_TO" | "SMS_PROVIDER" | "SMS_FROM"
> &
  Partial<Pick<Env, "EMAIL" | "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_API_URL">>;

/** Sending is off or not configured: the message fails at once, and the flow can say so. */
const off = (why: string): Adapter => ({
  name: "off",
  real: false,
  send: () => Promise.resolve({ kind: "permanent", error: why }),
});

/** Development only: the row in the outbox is the message (/dev/outbox shows it). */
const outboxOnly: Adapter = {
  name: "outbox",
  real: false,
  send: () => Promise.resolve({ kind: "sent" }),
};

/** "NRG <no-reply@my.nrg.gr>" → { name, email }; a bare address stays a string. */
export function parseAddress(value: string): string | EmailAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (!match?.[2]) return value.trim();
  return match[1] ? { name: match[1].replace(/^"|"$/g, ""), email: match[2] } : match[2];
}

const PERMANENT_EMAIL =
  /not allowed|invalid|malformed|unverified|not verified|suppress|reject|recipient|domain|E_(VALIDATION|RECIPIENT|SENDER|FIELD)/i;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException("timed out", "TimeoutError")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Cloudflare Email Service through the `send_email` binding named EMAIL. */
export function cloudflareEmail(binding: SendEmail, from: string, replyTo: string): Adapter {
  return {
    name: "cloudflare",
    real: true,
    async send(message, timeoutMs) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(message.recipient)) {
        return { kind: "permanent", error: "invalid_address" };
      }
      try {
        const result = await withTimeout(
          binding.send({
            from: parseAddress(from),
            to: message.recipient,
            ...(replyTo ? { replyTo: parseAddress(replyTo) } : {}),
            subject: message.subject,
            text: message.body,
            html: emailHtml({ subject: message.subject, text: message.body, lang: message.lang }),
            headers: { "X-NRG-Message": String(message.id) },
          }),
          timeoutMs,
        );
        return { kind: "sent", providerId: result.messageId };
      } catch (error) {
        const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        if (error instanceof DOMException && error.name === "TimeoutError") {
          return { kind: "transient", error: "timeout" };
        }
        return PERMANENT_EMAIL.test(text)
          ? { kind: "permanent", error: "rejected" }
          : { kind: "transient", error: "send_failed" };
      }
    },
  };
}

const TWILIO_API = "https://api.twilio.com";

/** Twilio Programmable Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json. */
export function twilioSms(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}): Adapter {
  return {
    name: "twilio",
    real: true,
    async send(message, timeoutMs) {
      const to = toE164(message.recipient);
      if (!to) return { kind: "permanent", error: "invalid_number" };
      const url = `${options.apiUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            Authorization: `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}`,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: new URLSearchParams({ To: to, From: options.from, Body: message.body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : "";
        // The request left and no answer came: it may have been sent. Not retried.
        if (name === "TimeoutError" || name === "AbortError") {
          return { kind: "ambiguous", error: "timeout" };
        }
        return { kind: "transient", error: "network" };
      }
      const json = (await response.json().catch(() => null)) as {
        sid?: string;
        code?: number;
      } | null;
      if (response.ok) return { kind: "sent", ...(json?.sid ? { providerId: json.sid } : {}) };
      const code = json?.code ? `twilio_${json.code}` : `http_${response.status}`;
      if (response.status === 429 || response.status >= 500)
        return { kind: "transient", error: code };
      return { kind: "permanent", error: code };
    },
  };
}

/**
 * The adapter of a channel for this environment (core/messaging.ts decides which provider):
 * `outbox` only in development; any unknown value, a missing binding, secret or sender means
 * off (fail closed, nothing half-sent).
 */
export function adapterFor(channel: "email" | "sms", env: MessagingEnv): Adapter {
  if (channel === "email") {
    const provider = emailProvider(env);
    if (provider === "outbox") return outboxOnly;
    if (provider === "off" || !env.EMAIL || !env.EMAIL_FROM) {
      return off(env.EMAIL_PROVIDER === "cloudflare" ? "email_unconfigured" : "email_off");
    }
    return cloudflareEmail(env.EMAIL, env.EMAIL_FROM, env.EMAIL_REPLY_TO ?? "");
  }
  const provider = smsProvider(env);
  if (provider === "outbox") return outboxOnly;
  if (provider === "off" || !env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.SMS_FROM) {
    return off(env.SMS_PROVIDER === "twilio" ? "sms_unconfigured" : "sms_off");
  }
  return twilioSms({
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.SMS_FROM,
    // A stand-in's URL only in development: in production credentials go to Twilio alone.
    apiUrl: isDevelopment(env) && env.TWILIO_API_URL ? env.TWILIO_API_URL : TWILIO_API,
  });
}
