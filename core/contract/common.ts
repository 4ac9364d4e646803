import { z } from "zod";

/**
 * Building blocks of the API's response schemas. Responses are not parsed at run time (they cost
 * nothing on the hot path); api/services/serialize.test.ts parses the serialisers' output, and
 * the metadata here is what a generated API description shows.
 */

/** Money: euros as a number with at most two decimals (the API sums in cents). */
export const euros = z.number().meta({ description: "Euros, two decimals", example: 12.34 });

/** A calendar day as the billing data stores it. */
export const isoDate = z.iso.date().meta({ description: "YYYY-MM-DD" });

/** A moment, in UTC. Not checked: the database writes both forms. */
export const timestamp = z.string().meta({
  format: "date-time",
  description: "ISO timestamp (or SQLite's YYYY-MM-DD HH:MM:SS), UTC",
});

/** A flag as the billing system sends it. */
export const bit = z.union([z.literal(0), z.literal(1)]).meta({ description: "0 no, 1 yes" });

/** A database id. */
export const id = z.number().int().positive();

export const lang = z.enum(["el", "en"]);

/** 1 electricity, any other value gas. */
export const division = z.number().int().meta({ description: "1 electricity, otherwise gas" });

// ---- small answers shared by several endpoints (their API description) ----

/** `{ ok: true }`: accepted (sign-up: an activation link is on its way). */
export const apiOkSchema = z.object({ ok: z.literal(true) });

/** A reference number the customer quotes (a contact message, a request). */
export const apiReferenceSchema = z.object({
  reference: z.string().meta({ description: "The reference to quote" }),
});

/** A single-use token (POST /v2/auth/redirect-token). */
export const apiTokenSchema = z.object({
  token: z.string().meta({ description: "Single use, valid for 5 minutes" }),
});
