import { and, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { ApiSocialTariff, ApiVulnerable, ApiVulnerableApplication } from "../../core/contract";
import { athensToday } from "../../core/dates";
import { isRegisteredOn, SOCIAL_TARIFF, VULNERABLE } from "../../core/hardship";
import { socialTariffLine, type SocialTariffLine } from "../../core/bill-lines";
import {
  billDiscount,
  capProgress,
  fourMonthPeriodOf,
  isSocialTariffValidOn,
  renewalState,
  type KwhSpan,
  type SocialTariffTerms,
} from "../../core/social-tariff";
import {
  certificateDeletionDay,
  isOpenApplication,
  needsCertificate,
  VULNERABLE_DECLARATIONS,
  type VulnerableDeclaration,
} from "../../core/vulnerable";
import { can } from "../../core/permissions";
import type { Db } from "../db";
import { invoices, socialTariffs, vulnerableRegistrations } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { ownMeterSummary, personOf, type PersonScope } from "../services/customers";
import { dismissedCards, vulnerableApplications, vulnerableCertificates } from "./tables";

/**
 * #38 §2 §3 for the signed-in person: a supply's ΚΟΤ with its cap's progress, the register's
 * status with the latest application, and the "who is entitled" card's dismissal. Every supply
 * must be one the person sees (else 404, as a missing one); the billing system's decisions
 * (social_tariffs, vulnerable_registrations) are read here, never written.
 */

export async function ownSupply(db: Db, userId: number, meterId: number) {
  const person = await personOf(db, userId);
  const meter = await ownMeterSummary(db, person, meterId);
  if (!meter) throw notFound();
  return { person, meter };
}

/** The bill kinds whose kWh are consumption (an advance, a credit or a payment carries none). */
const CONSUMPTION_TYPES = ["Clearance", "Manual"] as const;

/**
 * The consumption spans of a supply's bills that touch from..to: each bill's consumption period
 * (its billing period when it has none) and its day + night kWh.
 */
export async function consumptionSpans(
  db: Db,
  meterId: number,
  from: string,
  to: string,
): Promise<Array<KwhSpan & { id: number }>> {
  const rows = await db
    .select({
      id: invoices.id,
      consumption_from: invoices.consumption_from,
      consumption_to: invoices.consumption_to,
      period_from: invoices.period_from,
      period_to: invoices.period_to,
      day_kwh: invoices.day_kwh,
      night_kwh: invoices.night_kwh,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.meter_id, meterId),
        inArray(invoices.type, [...CONSUMPTION_TYPES]),
        or(
          and(lte(invoices.consumption_from, to), gte(invoices.consumption_to, from)),
          and(lte(invoices.period_from, to), gte(invoices.period_to, from)),
        ),
      ),
    );
  return spansOf(rows);
}

export function spansOf(
  rows: ReadonlyArray<{
    id: number;
    consumption_from: string | null;
    consumption_to: string | null;
    period_from: string | null;
    period_to: string | null;
    day_kwh: number;
    night_kwh: number;
  }>,
): Array<KwhSpan & { id: number }> {
  const spans: Array<KwhSpan & { id: number }> = [];
  for (const row of rows) {
    const from = (row.consumption_from ?? row.period_from)?.slice(0, 10);
    const to = (row.consumption_to ?? row.period_to)?.slice(0, 10);
    if (!from || !to) continue;
    spans.push({ id: row.id, from, to, kwh: row.day_kwh + row.night_kwh });
  }
  return spans;
}

export async function socialTariffOf(db: Db, meterId: number): Promise<SocialTariffTerms | null> {
  const [row] = await db.select().from(socialTariffs).where(eq(socialTariffs.meter_id, meterId));
  return row ?? null;
}

export async function getSocialTariff(
  db: Db,
  userId: number,
  meterId: number,
  today = athensToday(),
): Promise<ApiSocialTariff> {
  const { meter } = await ownSupply(db, userId, meterId);
  // ΚΟΤ is an electricity tariff: a gas supply never has one.
  const terms = meter.division === 1 ? await socialTariffOf(db, meterId) : null;
  const [dismissed] = await db
    .select({ at: dismissedCards.dismissed_at })
    .from(dismissedCards)
    .where(and(eq(dismissedCards.user_id, userId), eq(dismissedCards.card, "social_tariff")));
  let progress: ApiSocialTariff["progress"] = null;
  if (terms && isSocialTariffValidOn(terms, today)) {
    const period = fourMonthPeriodOf(today);
    const spans = await consumptionSpans(db, meterId, period.from, period.to);
    const found = capProgress(spans, terms.household_size, today);
    progress = {
      period_from: found.period.from,
      period_to: found.period.to,
      used_kwh: found.usedKwh,
      cap_kwh: found.capKwh,
      remaining_kwh: found.remainingKwh,
      over: found.over,
    };
  }
  return {
    tariff: terms
      ? {
          category: terms.category,
          household_size: terms.household_size,
          valid_from: terms.valid_from,
          valid_to: terms.valid_to,
          renewal: renewalState(terms, today),
          discount_per_kwh: SOCIAL_TARIFF.discountPerKwh[terms.category],
        }
      : null,
    progress,
    application_url: SOCIAL_TARIFF.applicationUrl,
    card_dismissed: dismissed !== undefined,
  };
}

/** The person closes the "who is entitled to ΚΟΤ" card: once, for good (idempotent). */
export async function dismissSocialTariffCard(db: Db, userId: number) {
  await personOf(db, userId);
  await db
    .insert(dismissedCards)
    .values({ user_id: userId, card: "social_tariff", dismissed_at: nowIso() })
    .onConflictDoNothing();
}

// ---- the register ---------------------------------------------------------------------------

type ApplicationRow = typeof vulnerableApplications.$inferSelect;
type CertificateRow = typeof vulnerableCertificates.$inferSelect;

export function declarationsOf(stored: string): VulnerableDeclaration[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((d): d is VulnerableDeclaration =>
          (VULNERABLE_DECLARATIONS as readonly unknown[]).includes(d),
        )
      : [];
  } catch {
    return [];
  }
}

export function toApiApplication(
  row: ApplicationRow,
  certificate: Pick<CertificateRow, "name" | "content_type" | "size"> | null,
): ApiVulnerableApplication {
  return {
    id: row.id,
    category: row.category,
    declarations: declarationsOf(row.declarations),
    status: row.status,
    reason: row.reason,
    decided_at: row.decided_at,
    created_at: row.created_at,
    certificate: certificate
      ? { name: certificate.name, content_type: certificate.content_type, size: certificate.size }
      : null,
    certificate_deleted_on:
      row.decided_at && needsCertificate(row.category)
        ? certificateDeletionDay(row.decided_at, VULNERABLE.certificateRetentionDays)
        : null,
  };
}

/** The supply's newest application and its certificate (while kept). */
export async function latestApplication(db: Db, meterId: number) {
  const [row] = await db
    .select()
    .from(vulnerableApplications)
    .where(eq(vulnerableApplications.meter_id, meterId))
    .orderBy(desc(vulnerableApplications.id))
    .limit(1);
  if (!row) return null;
  const [certificate] = await db
    .select()
    .from(vulnerableCertificates)
    .where(eq(vulnerableCertificates.application_id, row.id));
  return { row, certificate: certificate ?? null };
}

export async function registrationOf(db: Db, meterId: number) {
  const [row] = await db
    .select()
    .from(vulnerableRegistrations)
    .where(eq(vulnerableRegistrations.meter_id, meterId));
  return row ?? null;
}

export async function getVulnerable(
  db: Db,
  userId: number,
  meterId: number,
  today = athensToday(),
): Promise<ApiVulnerable> {
  const { person, meter } = await ownSupply(db, userId, meterId);
  const registration = await registrationOf(db, meterId);
  const latest = await latestApplication(db, meterId);
  const terms = meter.division === 1 ? await socialTariffOf(db, meterId) : null;
  const registered = isRegisteredOn(registration, today);
  const open = latest !== null && isOpenApplication(latest.row.status);
  // The certificate is the master's to see: anyone else sees the application without it.
  const master = can(person.role, "apply_register");
  return {
    registration: registration
      ? {
          category: registration.category,
          registered_at: registration.registered_at,
          valid_to: registration.valid_to,
        }
      : null,
    registered,
    application: latest ? toApiApplication(latest.row, master ? latest.certificate : null) : null,
    has_social_tariff: terms !== null && isSocialTariffValidOn(terms, today),
    may_apply: master && !registered && !open,
  };
}

/** The certificate of the supply's newest application, for the master: its row, else 404. */
export async function ownCertificate(db: Db, person: PersonScope, meterId: number) {
  const meter = await ownMeterSummary(db, person, meterId);
  if (!meter) throw notFound();
  const latest = await latestApplication(db, meterId);
  if (!latest?.certificate) throw notFound();
  return latest.certificate;
}

export interface NewApplication {
  category: ApplicationRow["category"];
  declarations: VulnerableDeclaration[];
  certificate: {
    bytes: Uint8Array;
    name: string;
    contentType: CertificateRow["content_type"];
    extension: string;
  } | null;
}

/**
 * Files the application, with its certificate when it has one: the object goes to R2 under its
 * own prefix first (a random key), then the application and the certificate's row are one D1
 * batch (one transaction), so there is never an application whose certificate row is missing. A
 * second open application of the supply is refused by the partial unique index, and its object
 * is deleted again.
 */
export async function fileApplication(
  db: Db,
  bucket: R2Bucket,
  input: { userId: number; meterId: number } & NewApplication,
  randomKey: () => string,
): Promise<ApiVulnerableApplication> {
  const now = nowIso();
  const key = input.certificate
    ? `${CERTIFICATE_PREFIX}${input.meterId}/${randomKey()}.${input.certificate.extension}`
    : null;
  if (key && input.certificate) {
    await bucket.put(key, input.certificate.bytes, {
      httpMetadata: { contentType: input.certificate.contentType },
    });
  }
  const insert = db.insert(vulnerableApplications).values({
    meter_id: input.meterId,
    user_id: input.userId,
    category: input.category,
    declarations: JSON.stringify(input.declarations),
    status: "submitted",
    created_at: now,
    updated_at: now,
  });
  try {
    if (key && input.certificate) {
      await db.batch([
        insert,
        db.insert(vulnerableCertificates).values({
          // The application just inserted: the only open one of the supply (the unique index).
          application_id: sql<number>`(SELECT id FROM vulnerable_applications WHERE meter_id = ${input.meterId} AND status = 'submitted')`,
          r2_key: key,
          name: input.certificate.name,
          content_type: input.certificate.contentType,
          size: input.certificate.bytes.byteLength,
          created_at: now,
        }),
      ]);
    } else {
      await insert;
    }
  } catch (error) {
    if (key) await bucket.delete(key);
    if (String(error).includes("UNIQUE")) throw badRequest("request_already_open", "category");
    throw error;
  }
  const latest = await latestApplication(db, input.meterId);
  if (!latest) throw new Error("vulnerable application insert returned nothing");
  return toApiApplication(latest.row, latest.certificate);
}

/** Every certificate object lives under this prefix, apart from request uploads (`requests/`). */
export const CERTIFICATE_PREFIX = "health/vulnerable/";

// ---- the discount line of a bill --------------------------------------------------------------

/**
 * The ΚΟΤ discount of one bill of a supply (core/social-tariff.ts billDiscount, ADR 0033): its
 * kWh on days the supply's ΚΟΤ covers, up to what the four-month cap leaves after the supply's
 * bills that ended before it, × the category's €/kWh. Null for a supply without ΚΟΤ, a gas
 * supply, a bill that carries no consumption, or one outside the approval's days.
 */
export async function billSocialTariff(
  db: Db,
  bill: {
    id: number;
    meter_id: number;
    type: string;
    consumption_from: string | null;
    consumption_to: string | null;
    period_from: string | null;
    period_to: string | null;
    day_kwh: number;
    night_kwh: number;
  },
  division: number,
): Promise<SocialTariffLine | null> {
  if (division !== 1 || !(CONSUMPTION_TYPES as readonly string[]).includes(bill.type)) return null;
  const [span] = spansOf([bill]);
  if (!span) return null;
  const terms = await socialTariffOf(db, bill.meter_id);
  if (!terms) return null;
  const from = fourMonthPeriodOf(span.from).from;
  const earlier = (await consumptionSpans(db, bill.meter_id, from, span.to)).filter(
    (s) => s.id !== bill.id && s.to < span.from,
  );
  return socialTariffLine(billDiscount(span, earlier, terms));
}
