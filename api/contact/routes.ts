import { Hono } from "hono";
import { contactSchema } from "../../core/contact";
import { apiReferenceSchema } from "../../core/contract";
import { badRequest } from "../lib/errors";
import { validate } from "../lib/validate";
import { enforceClientLimit, LIMITS } from "../services/throttle";
import type { ApiEnv } from "../types";
import { submitContact } from "./service";
import { data, documented } from "../lib/openapi";

const doc = documented("Contact");

/** Mounted at /api/contact. No sign-in needed; the CSRF rule still applies (it is a POST). */
export const contactRoutes = new Hono<ApiEnv>().post(
  "/",
  doc({
    summary: "Send a message to customer care",
    description: "No sign-in. A filled `website` (the honeypot) is a bot.",
    ok: data(apiReferenceSchema, 201, "Stored; the reference to quote"),
    errors: { 400: ["captcha"], 429: ["too_many_attempts"] },
  }),
  // The project's validator plus the honeypot: a filled `website` is a bot, whatever else is wrong.
  validate("json", contactSchema, {
    first: (input) => {
      const raw = input as { website?: unknown } | undefined;
      if (typeof raw?.website === "string" && raw.website !== "") throw badRequest("captcha");
    },
  }),
  async (c) => {
    // Per client address: each message stores a request and emails the address typed in.
    await enforceClientLimit(c, LIMITS.contactIp);
    const { website: _honeypot, ...form } = c.req.valid("json");
    const reference = await submitContact(c.get("db"), form, c.get("lang"));
    return c.json({ data: { reference } }, 201);
  },
);
