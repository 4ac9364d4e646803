/**
 * Rules of the transfer flow (/metavasi) and the new-supply application (/nea-paroxi), shared by
 * the API (api/applications) and the portal (the flows' pages and app/.server/applications.ts).
 * Pure and free of zod, so page components may import the option lists.
 */

export const APPLICATION_KINDS = ["transfer", "new_supply"] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** The tariff categories of spec §2 "Transfer flow", in the order the page lists them. */
export const TARIFF_CATEGORIES = [
  "residential",
  "residential_night",
  "professional_upto_25kva",
  "professional_over_25kva",
  "professional_night",
] as const;
export type TariffCategory = (typeof TARIFF_CATEGORIES)[number];

export const SUPPLY_TYPES = ["electricity", "gas"] as const;
export type SupplyType = (typeof SUPPLY_TYPES)[number];

export const OWNERSHIP = ["owner", "lessee"] as const;
export type Ownership = (typeof OWNERSHIP)[number];

/** The steps that collect data, in order; "review" follows the last one. */
export const TRANSFER_STEPS = ["contact", "tariff", "supply"] as const;
export type TransferStep = (typeof TRANSFER_STEPS)[number];
export const NEW_SUPPLY_STEPS = ["details"] as const;
export type NewSupplyStep = (typeof NEW_SUPPLY_STEPS)[number];

export const STEPS: Record<ApplicationKind, readonly string[]> = {
  transfer: TRANSFER_STEPS,
  new_supply: NEW_SUPPLY_STEPS,
};

/**
 * The step a customer may open: a saved step, or the first one not saved yet; "review" once
 * every step is saved. Anything else (a later step typed into the URL) falls back to that one.
 */
export function reachableStep(
  kind: ApplicationKind,
  completed: readonly string[],
  wanted: string | null,
): string {
  const steps = STEPS[kind];
  const firstOpen = steps.find((step) => !completed.includes(step));
  if (wanted && steps.includes(wanted) && (completed.includes(wanted) || wanted === firstOpen)) {
    return wanted;
  }
  return firstOpen ?? "review";
}

/** The step after `step`, or "review" after the last. */
export function nextStep(kind: ApplicationKind, step: string): string {
  const steps = STEPS[kind];
  const index = steps.indexOf(step);
  return steps[index + 1] ?? "review";
}

/**
 * Greek police ID card (ΑΔΤ): one or two capital letters (Greek or Latin, as printed: the
 * letters that look alike in both alphabets) and six digits, e.g. "ΑΒ123456" or "X123456".
 * Spaces are removed and Latin look-alikes are turned into the Greek letters first.
 */
const LATIN_TO_GREEK: Record<string, string> = {
  A: "Α",
  B: "Β",
  E: "Ε",
  Z: "Ζ",
  H: "Η",
  I: "Ι",
  K: "Κ",
  M: "Μ",
  N: "Ν",
  O: "Ο",
  P: "Ρ",
  T: "Τ",
  Y: "Υ",
  X: "Χ",
};

export function normaliseIdNumber(value: string): string {
  return value
    .replace(/[\s-]+/g, "")
    .toLocaleUpperCase("el")
    .replace(/[ABEZHIKMNOPTYX]/g, (letter) => LATIN_TO_GREEK[letter] ?? letter);
}

export const ID_NUMBER_PATTERN = /^[Α-Ω]{1,2}\d{6}$/;

export function isValidIdNumber(value: string): boolean {
  return ID_NUMBER_PATTERN.test(normaliseIdNumber(value));
}

/** A fax is a fixed line: 10 digits starting with 2 (Greek landline numbering). */
export const FAX_PATTERN = /^2\d{9}$/;

/** A new-supply application covers 1 to 99 supplies at one address. */
export const SUPPLY_COUNT_MIN = 1;
export const SUPPLY_COUNT_MAX = 99;

/** Greek postal code: 5 digits, first one not 0. */
export const POSTAL_CODE_PATTERN = /^[1-9]\d{4}$/;

/** Reference numbers: T-2026-000123 (transfer), N-2026-000123 (new supply). */
export function applicationReference(kind: ApplicationKind, id: number, year: number): string {
  return `${kind === "transfer" ? "T" : "N"}-${year}-${String(id).padStart(6, "0")}`;
}
export const REFERENCE_PATTERN = /^[TN]-\d{4}-\d{6}$/;

/** Drafts live this long after their last change (a reload or a slow connection keeps them). */
export const DRAFT_TTL_SECONDS = 2 * 24 * 3600;

/**
 * Throttles (per client IP, per UTC hour), answered with the spec's "too many attempts":
 * holder look-ups that failed (VAT or phone not found: someone probing the registry), and
 * applications submitted.
 */
export const MAX_FAILED_LOOKUPS_PER_HOUR = 10;
export const MAX_SUBMISSIONS_PER_HOUR = 10;
