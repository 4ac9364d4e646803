/**
 * The figures of #38 ("help when it is hard"): payment plans, the social residential tariff
 * (ΚΟΤ), the vulnerable-customers register and the notices a trusted person may get a copy of.
 * One module, as configuration, so that the page, the API, the notices and the tests read the same
 * number; the rules that use them live in their own modules (core/payment-plans.ts,
 * core/social-tariff.ts, core/vulnerable.ts) and import from here.
 *
 * Each figure names its source. This machine cannot reach the texts themselves (only the npm
 * registry and Debian's packages are reachable), so where a figure could not be checked against
 * its source here the comment says "demo value" and the supplier's compliance team confirms it
 * before launch; changing it here changes it everywhere.
 */

/** Payment plans (διακανονισμός), Κώδικας Προμήθειας Ηλεκτρικής Ενέργειας (Supply Code) art. 34. */
export const PAYMENT_PLAN = {
  /** The overdue balance a plan may be set up for, at least (cents). Demo value. */
  minOverdueCents: 50_00,
  /** Monthly instalments a customer chooses from. Demo value within the Code's "reasonable". */
  minInstalments: 2,
  maxInstalments: 12,
  /** Up to this many for a customer on the vulnerable register (n.4001/2011 art. 52 §3). */
  maxInstalmentsVulnerable: 24,
  /** Each instalment at least (cents). Demo value. */
  minInstalmentCents: 20_00,
  /** An instalment unpaid this many days after its date ends the plan. Demo value. */
  graceDays: 15,
  /**
   * Yearly interest on a plan, basis points (100 = 1 %): the supplier's configured rate, 0 in the
   * demo. Never charged to a customer on the vulnerable register (n.4001/2011 art. 52 §3).
   */
  interestBasisPoints: 0,
} as const;

/** The vulnerable-customers register (Μητρώο Ευάλωτων Πελατών), n.4001/2011 art. 52. */
export const VULNERABLE = {
  /** At least this many days to pay each bill (art. 52 §3(β); demo value: 40). */
  minDaysToPay: 40,
  /**
   * Months (1–12) in which a registered customer's supply is not disconnected for debt: the
   * winter (November–March) and the summer (July–August) months (art. 52 §3(δ); demo value).
   */
  protectedMonths: [11, 12, 1, 2, 3, 7, 8] as readonly number[],
  /** The named contact number for registered customers (demo value: the customer line). */
  contactPhone: "18101",
  /** A medical certificate is deleted this many days after the decision (GDPR art. 5(1)(e)). */
  certificateRetentionDays: 30,
  /** A life-support applicant's certificate: at most this many bytes (as request uploads). */
  certificateMaxBytes: 5 * 1024 * 1024,
  /** "Aged over 70 living alone": the age, at least (art. 52 §1(ε); demo value). */
  minAgeAlone: 70,
} as const;

/** The social residential tariff (ΚΟΤ), ΥΠΕΝ/ΔΗΕ/15084/382/2019 (the ministerial decision). */
export const SOCIAL_TARIFF = {
  /** Where the annual application is made (the state's portal). */
  applicationUrl: "https://www.kot.gov.gr/",
  /** Months in each consumption period: the cap applies per four months (the decision, art. 3). */
  periodMonths: 4,
  /**
   * The four-month cap (kWh) by the number of people in the household: a base for one person plus
   * a step for each further person (the decision, art. 3; demo values: 1,400 and 300).
   */
  capKwh: { base: 1_400, perExtraPerson: 300 } as const,
  /** Category A (Α) and B (Β) beneficiaries; Α is the wider discount. Demo values, €/kWh off. */
  discountPerKwh: { A: 0.045, B: 0.03 } as const,
  /**
   * The page asks the household to renew this many days before the approval ends (the state opens
   * the annual application ahead of it; demo value: 60).
   */
  renewalNoticeDays: 60,
} as const;

/** Notices a trusted person may get a copy of (#38 §4). */
export const TRUSTED_COPY_NOTICES = ["overdue", "disconnection", "planned_interruption"] as const;
export type TrustedCopyNotice = (typeof TRUSTED_COPY_NOTICES)[number];

/** Four-month cap for a household of `people` (at least one). */
export function socialTariffCapKwh(people: number): number {
  const n = Math.max(1, Math.floor(people));
  return SOCIAL_TARIFF.capKwh.base + (n - 1) * SOCIAL_TARIFF.capKwh.perExtraPerson;
}

/** Is `month` (1–12) one in which a registered customer's supply may not be disconnected? */
export function isProtectedMonth(month: number): boolean {
  return VULNERABLE.protectedMonths.includes(month);
}

/**
 * Is a supply on the vulnerable register on `today` (YYYY-MM-DD)? The billing system's row
 * (vulnerable_registrations): from registered_at, until valid_to inclusive (NULL: open-ended).
 */
export function isRegisteredOn(
  registration: { registered_at: string; valid_to: string | null } | null | undefined,
  today: string,
): boolean {
  if (!registration) return false;
  if (registration.registered_at.slice(0, 10) > today) return false;
  return registration.valid_to === null || registration.valid_to.slice(0, 10) >= today;
}
