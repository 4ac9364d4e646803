/**
 * The rules of an application to the vulnerable-customers register (#38 §3, n.4001/2011 art. 52;
 * the figures in core/hardship.ts): the categories, the declarations each needs, whether it needs
 * a doctor's certificate, and the application's steps as the page tracks them.
 *
 * The portal only files the application; the billing system decides it and sends the decision and
 * the registration back (api/backoffice/hardship.ts). Only the account's master applies: the
 * application names who lives at the supply and, for life support, carries health data.
 */

import { athensDayOf } from "./dates";

export const VULNERABLE_CATEGORIES = ["life_support", "over_70_alone", "social_tariff"] as const;
export type VulnerableCategory = (typeof VULNERABLE_CATEGORIES)[number];

export const VULNERABLE_DECLARATIONS = [
  /** Someone at the supply's address depends on electrically powered life-support equipment. */
  "equipment_at_home",
  /** The certificate attached is a doctor's, recent and about that person. */
  "certificate_true",
  /** The applicant is 70 or older (the age, core/hardship.ts VULNERABLE.minAgeAlone). */
  "aged_70",
  /** The applicant lives alone at the supply's address. */
  "lives_alone",
  /** The supply is the household's main home (every category). */
  "main_home",
  /** What is declared is true, and the supplier may check it with the state's records. */
  "true_and_checkable",
] as const;
export type VulnerableDeclaration = (typeof VULNERABLE_DECLARATIONS)[number];

/** The declarations each category needs, in the order the form lists them. */
export const DECLARATIONS_NEEDED: Readonly<
  Record<VulnerableCategory, readonly VulnerableDeclaration[]>
> = {
  life_support: ["equipment_at_home", "certificate_true", "main_home", "true_and_checkable"],
  over_70_alone: ["aged_70", "lives_alone", "main_home", "true_and_checkable"],
  social_tariff: ["main_home", "true_and_checkable"],
};

/** Only life support is proved by a document (a doctor's certificate, health data). */
export const needsCertificate = (category: VulnerableCategory) => category === "life_support";

/** The declarations `category` needs that were not ticked. */
export function missingDeclarations(
  category: VulnerableCategory,
  ticked: readonly string[],
): VulnerableDeclaration[] {
  return DECLARATIONS_NEEDED[category].filter((d) => !ticked.includes(d));
}

export type ApplicationStatus = "submitted" | "in_review" | "approved" | "rejected";

/** An application still waits for the billing system's decision. */
export const isOpenApplication = (status: ApplicationStatus) =>
  status === "submitted" || status === "in_review";

/**
 * Why a category cannot be chosen for a supply, or null: ΚΟΤ beneficiaries join by right, so that
 * category needs the supply's ΚΟΤ to be valid today.
 */
export function categoryBlocker(
  category: VulnerableCategory,
  hasSocialTariff: boolean,
): "no_social_tariff" | null {
  return category === "social_tariff" && !hasSocialTariff ? "no_social_tariff" : null;
}

export const APPLICATION_STEPS = ["submitted", "in_review", "decided"] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

export interface TrackedStep {
  step: ApplicationStep;
  state: "done" | "current" | "upcoming";
}

/**
 * The application's steps as the onboarding tracker shows them (app/routes/intermediate.tsx):
 * filed → in review → decided; a decided application has every step done.
 */
export function applicationSteps(status: ApplicationStatus): TrackedStep[] {
  const current = status === "submitted" ? 1 : status === "in_review" ? 2 : 3;
  return APPLICATION_STEPS.map((step, i) => ({
    step,
    state:
      i + 1 < current || (i + 1 === current && !isOpenApplication(status))
        ? "done"
        : i + 1 === current
          ? "current"
          : "upcoming",
  }));
}

/**
 * The Athens day a decided application's certificate is deleted: the decision's moment plus the
 * retention (the hourly clean-up's rule), as the customer's calendar shows it.
 */
export function certificateDeletionDay(decidedAt: string, retentionDays: number): string {
  const at = new Date(Date.parse(decidedAt) + retentionDays * 86_400_000);
  return athensDayOf(at) ?? decidedAt.slice(0, 10);
}
