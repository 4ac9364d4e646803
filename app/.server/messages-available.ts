import { emailProvider, type MessagingSettings, smsProvider } from "../../core/messaging";

/**
 * Whether the portal can send email / SMS at all in this deployment (core/messaging.ts).
 * A page says so before a person fills in a form that depends on a message. It is the same for
 * everyone, so it tells nothing about any account.
 */
export const emailAvailable = (env: MessagingSettings) => emailProvider(env) !== "off";
export const smsAvailable = (env: MessagingSettings) => smsProvider(env) !== "off";
