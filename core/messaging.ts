import { isDevelopment } from "./environment";

/**
 * Which provider sends email and SMS in this deployment (issue #34, docs/decisions/0026):
 * `cloudflare` (the EMAIL send_email binding) / `twilio`, `outbox` (record only: development
 * only), else `off`. Any unknown value, a missing binding, secret or sender is off: fail closed.
 * The API's adapters (api/messages) and the pages that warn before a form (forgot-password)
 * read the same rule.
 */
export interface MessagingSettings {
  ENVIRONMENT?: string | undefined;
  EMAIL_PROVIDER?: string | undefined;
  EMAIL_FROM?: string | undefined;
  EMAIL?: unknown;
  SMS_PROVIDER?: string | undefined;
  SMS_FROM?: string | undefined;
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
}

export function emailProvider(env: MessagingSettings): "cloudflare" | "outbox" | "off" {
  if (env.EMAIL_PROVIDER === "outbox") return isDevelopment(env) ? "outbox" : "off";
  if (env.EMAIL_PROVIDER !== "cloudflare" || !env.EMAIL || !env.EMAIL_FROM) return "off";
  return "cloudflare";
}

export function smsProvider(env: MessagingSettings): "twilio" | "outbox" | "off" {
  if (env.SMS_PROVIDER === "outbox") return isDevelopment(env) ? "outbox" : "off";
  if (env.SMS_PROVIDER !== "twilio") return "off";
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.SMS_FROM) return "off";
  return "twilio";
}
