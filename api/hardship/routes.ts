import { Hono } from "hono";
import { z } from "zod";
import {
  apiOkSchema,
  apiSocialTariffSchema,
  apiVulnerableApplicationSchema,
  apiVulnerableSchema,
  apiBillSocialTariffSchema,
  invoiceParams,
  userMeterParams,
  userParams,
  vulnerableApplicationFormSchema,
} from "../../core/contract";
import { athensToday } from "../../core/dates";
import { isRegisteredOn, VULNERABLE } from "../../core/hardship";
import {
  FILE_CONTENT_TYPE,
  FILE_EXTENSION,
  cleanFileName,
  sniffFile,
} from "../../core/requests/rules";
import { isSocialTariffValidOn } from "../../core/social-tariff";
import { randomToken } from "../../core/tokens";
import {
  categoryBlocker,
  missingDeclarations,
  needsCertificate,
  VULNERABLE_CATEGORIES,
  VULNERABLE_DECLARATIONS,
  type VulnerableCategory,
  type VulnerableDeclaration,
} from "../../core/vulnerable";
import { badRequest, notFound } from "../lib/errors";
import { data, documented, file } from "../lib/openapi";
import { validate } from "../lib/validate";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { personOf } from "../services/customers";
import type { ApiEnv } from "../types";
import { ownedInvoice } from "../invoices/service";
import {
  billSocialTariff,
  dismissSocialTariffCard,
  fileApplication,
  getSocialTariff,
  getVulnerable,
  latestApplication,
  ownCertificate,
  ownSupply,
  registrationOf,
  socialTariffOf,
} from "./service";

const doc = documented("Hardship");

const refuse = (field: string, message: string) => badRequest("validation", field, message);

/**
 * Mounted at /api. #38 §2 the social residential tariff (ΚΟΤ) of a supply and §3 the
 * vulnerable-customers register: the caller's own supplies only (404 otherwise). Reading is
 * `read`; applying and reading the doctor's certificate is `apply_register`, the master's only
 * (core/permissions.ts): the application declares who lives at the supply and carries health data.
 */
export const hardshipRoutes = new Hono<ApiEnv>()
  .get(
    "/users/:userId/meters/:meterId/social-tariff",
    doc({
      summary: "A supply's social residential tariff (ΚΟΤ) and its four-month cap's progress",
      description:
        "`tariff` is the billing system's ΚΟΤ (null: none, or a gas supply); `progress` the current four-month period's kWh from the supply's bills against the household's cap (null without a valid ΚΟΤ); `card_dismissed` whether the caller closed the card on who is entitled.",
      ok: data(apiSocialTariffSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userMeterParams),
    ownUserPath,
    async (c) => {
      const path = c.req.valid("param");
      return c.json({
        data: await getSocialTariff(c.get("db"), c.get("auth").userId, Number(path.meterId)),
      });
    },
  )
  .post(
    "/users/:userId/social-tariff-card/dismissal",
    doc({
      summary: "Close the card on who is entitled to ΚΟΤ, for good (idempotent)",
      ok: data(apiOkSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("own_profile"),
    validate("param", userParams),
    ownUserPath,
    async (c) => {
      await dismissSocialTariffCard(c.get("db"), c.get("auth").userId);
      return c.json({ data: { ok: true as const } });
    },
  )
  .get(
    "/invoices/:id/social-tariff",
    doc({
      summary: "The ΚΟΤ discount within one bill's energy charge (null: none)",
      description:
        "Worked out by the portal (the bill's kWh up to the four-month cap × the category's €/kWh); the billing system's energy charge and total already hold it, so it is an 'of which' line, not added to the bill's lines.",
      ok: data(apiBillSocialTariffSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", invoiceParams, { invalid: "not_found" }),
    async (c) => {
      const db = c.get("db");
      const found = await ownedInvoice(db, c.get("auth").userId, c.req.valid("param").id);
      const line = await billSocialTariff(db, found.invoice, found.meter.division);
      return c.json({
        data: line ? { kwh: line.kwh, per_kwh: line.perKwh, amount: line.amount } : null,
      });
    },
  )
  .get(
    "/users/:userId/meters/:meterId/vulnerable",
    doc({
      summary: "A supply's place on the vulnerable-customers register and its latest application",
      description:
        "`registered`: on the register today (the billing system's registration). `application`: the newest application with its status (submitted, in_review, approved, rejected); its certificate is shown to the account's master only, and is deleted 30 days after the decision (`certificate_deleted_on`).",
      ok: data(apiVulnerableSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userMeterParams),
    ownUserPath,
    async (c) => {
      const path = c.req.valid("param");
      return c.json({
        data: await getVulnerable(c.get("db"), c.get("auth").userId, Number(path.meterId)),
      });
    },
  )
  .post(
    "/users/:userId/meters/:meterId/vulnerable-application",
    doc({
      summary: "Apply to the vulnerable-customers register for a supply (the master only)",
      description:
        "multipart/form-data: `category` (life_support, over_70_alone, social_tariff), each `declarations` the category needs, and for life_support a doctor's `certificate` (PDF, JPEG or PNG by its bytes, at most 5 MB). social_tariff only for a supply with a valid ΚΟΤ. One open application per supply. A refusal names the field and a message key.",
      body: {
        media: "multipart/form-data",
        schema: z.object({
          category: z.enum(VULNERABLE_CATEGORIES),
          declarations: z.array(z.enum(VULNERABLE_DECLARATIONS)),
          certificate: z.file().optional().meta({ description: "The doctor's certificate" }),
        }),
      },
      ok: data(apiVulnerableApplicationSchema, 201, "Filed"),
      errors: { 400: ["validation", "request_already_open"], 404: ["not_found"] },
    }),
    requireBearer,
    permit("apply_register"),
    validate("param", userMeterParams),
    ownUserPath,
    validate("form", vulnerableApplicationFormSchema, {
      malformed: () => refuse("category", "hardship:register.errors.failed"),
    }),
    async (c) => {
      const { userId } = c.get("auth");
      const meterId = Number(c.req.valid("param").meterId);
      const db = c.get("db");
      const { meter } = await ownSupply(db, userId, meterId);
      const form = c.req.valid("form");
      const values = (field: keyof typeof form) => [form[field] ?? []].flat();
      const [category, ...others] = values("category");
      if (
        others.length > 0 ||
        typeof category !== "string" ||
        !(VULNERABLE_CATEGORIES as readonly string[]).includes(category)
      )
        throw refuse("category", "hardship:register.errors.category");
      const chosen = category as VulnerableCategory;
      const ticked = values("declarations").filter((d): d is VulnerableDeclaration =>
        (VULNERABLE_DECLARATIONS as readonly unknown[]).includes(d),
      );
      const today = athensToday();
      if (isRegisteredOn(await registrationOf(db, meterId), today))
        throw refuse("category", "hardship:register.errors.registered");
      const latest = await latestApplication(db, meterId);
      if (latest && (latest.row.status === "submitted" || latest.row.status === "in_review"))
        throw badRequest("request_already_open", "category");
      const terms = meter.division === 1 ? await socialTariffOf(db, meterId) : null;
      if (categoryBlocker(chosen, terms !== null && isSocialTariffValidOn(terms, today)))
        throw refuse("category", "hardship:register.errors.noSocialTariff");
      if (missingDeclarations(chosen, ticked).length > 0)
        throw refuse("declarations", "hardship:register.errors.declarations");

      let certificate = null;
      const files = values("certificate").filter(
        (v): v is File => typeof v !== "string" && v.size > 0,
      );
      if (needsCertificate(chosen)) {
        if (files.length === 0)
          throw refuse("certificate", "hardship:register.errors.certificate.required");
        if (files.length > 1)
          throw refuse("certificate", "hardship:register.errors.certificate.count");
        const upload = files[0] as File;
        if (upload.size > VULNERABLE.certificateMaxBytes)
          throw refuse("certificate", "hardship:register.errors.certificate.size");
        const bytes = new Uint8Array(await upload.arrayBuffer());
        if (bytes.byteLength > VULNERABLE.certificateMaxBytes)
          throw refuse("certificate", "hardship:register.errors.certificate.size");
        const kind = sniffFile(bytes);
        if (!kind) throw refuse("certificate", "hardship:register.errors.certificate.type");
        certificate = {
          bytes,
          name: cleanFileName(upload.name, kind),
          contentType: FILE_CONTENT_TYPE[kind] as "application/pdf" | "image/jpeg" | "image/png",
          extension: FILE_EXTENSION[kind],
        };
      }
      // No certificate is kept for a category that needs none, whatever was attached.
      const application = await fileApplication(
        db,
        c.env.FILES,
        { userId, meterId, category: chosen, declarations: ticked, certificate },
        () => randomToken(24),
      );
      return c.json({ data: application }, 201);
    },
  )
  .get(
    "/users/:userId/meters/:meterId/vulnerable-certificate",
    doc({
      summary:
        "The doctor's certificate of the supply's latest register application (the master only)",
      description:
        "Health data: served to the account's master only, never cached, and gone 30 days after the decision (404 then).",
      ok: file(["application/pdf", "image/jpeg", "image/png"], "The certificate"),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("apply_register"),
    validate("param", userMeterParams),
    ownUserPath,
    async (c) => {
      const db = c.get("db");
      const person = await personOf(db, c.get("auth").userId);
      const row = await ownCertificate(db, person, Number(c.req.valid("param").meterId));
      const object = await c.env.FILES.get(row.r2_key);
      if (!object) throw notFound();
      return certificateResponse(object.body, row);
    },
  );

/** The certificate's bytes as a download: never cached, never rendered in the portal's origin. */
export function certificateResponse(
  body: ReadableStream,
  row: { name: string; content_type: string; size: number },
) {
  return new Response(body, {
    headers: {
      "Content-Type": row.content_type,
      "Content-Length": String(row.size),
      "Content-Disposition": `attachment; filename="${row.name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
