import type { ApiMeter, Role } from "../../core/contract";
import { PERMISSIONS, ROLES } from "../../core/permissions";
import { isElectricityMeter, isPageVisible } from "./meters";

/**
 * The sidebar menu of spec §2 ("Sidebar menu") as pure rules, so the layout, the page guards and
 * the tests share one source. Paths are plain strings here (this module has no router import);
 * they match app/routes.ts.
 */

export type SidebarItemId =
  | "overview"
  | "supplies"
  | "bills"
  | "meterReading"
  | "help"
  | "statistics"
  | "alerts"
  | "tariffs"
  | "socialTariff"
  | "register"
  | "requests"
  | "calendar"
  | "questionnaire"
  | "notices"
  | "people"
  | "activity";

/** "main": the spec's five items; "more": the other pages the spec names. */
export type SidebarGroup = "main" | "more";

export interface SidebarItemDefinition {
  id: SidebarItemId;
  group: SidebarGroup;
  path: string;
  /** Translation key in the "shell" namespace. */
  labelKey: string;
  /** Which counter of ShellData.counters shows as a badge. */
  counter?: "bills" | "meter";
  /** Roles allowed to see the item; an item with no roles is hidden (spec §6). */
  roles: readonly Role[];
  visibleWhenStopped: boolean;
  visibleWhenIntermediate: boolean;
  /** Shown only when the selected meter passes the meter-reading page visibility rule. */
  electricityOnly: boolean;
  /** The label in a household's words, where it differs (#38 §4: relatives and carers). */
  householdLabelKey?: string;
  /** Shown only to a natural person's account (a household: ΚΟΤ and the register, #38). */
  householdOnly?: boolean;
  /** Shown only for an electricity supply (division 1), whatever its category or voltage. */
  electricitySupplyOnly?: boolean;
}

const ALL_ROLES: readonly Role[] = ROLES;

export const SIDEBAR_ITEMS: readonly SidebarItemDefinition[] = [
  {
    id: "overview",
    group: "main",
    path: "/b2b/episkopisi",
    labelKey: "nav.overview",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
  {
    id: "supplies",
    group: "main",
    path: "/b2b/paroxes",
    labelKey: "nav.supplies",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
  {
    id: "bills",
    group: "main",
    path: "/b2b/logariasmoi",
    labelKey: "nav.bills",
    counter: "bills",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: false,
    electricityOnly: false,
  },
  {
    id: "meterReading",
    group: "main",
    path: "/b2b/kataxorisi",
    labelKey: "nav.meterReading",
    counter: "meter",
    // A viewer (#38 §4) only looks: the reading form is not theirs.
    roles: PERMISSIONS.submit_reading,
    visibleWhenStopped: false,
    visibleWhenIntermediate: false,
    electricityOnly: true,
  },
  {
    id: "help",
    group: "main",
    path: "/b2b/help",
    labelKey: "nav.help",
    roles: ALL_ROLES,
    visibleWhenStopped: false,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
  // "More": statistics and the calendar need the data of a supply in a normal status (Active or
  // Stopped: bills and reading periods); requests, the questionnaire and notices concern the
  // customer, not a supply, so every signed-in user sees them.
  {
    id: "statistics",
    group: "more",
    path: "/b2b/statistika",
    labelKey: "nav.statistics",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: false,
    electricityOnly: false,
  },
  // The alerts a person sets (#37 §2): against the forecast and new bills, an Active supply's.
  {
    id: "alerts",
    group: "more",
    path: "/b2b/eidopoiiseis",
    labelKey: "nav.alerts",
    roles: ALL_ROLES,
    visibleWhenStopped: false,
    visibleWhenIntermediate: false,
    electricityOnly: false,
  },
  // The supplier's products priced on the supply's own usage (#37 §3): an Active supply's, as the
  // switch it offers takes effect from the next billing period, which only an Active one has.
  {
    id: "tariffs",
    group: "more",
    path: "/b2b/timologia",
    labelKey: "nav.tariffs",
    roles: ALL_ROLES,
    visibleWhenStopped: false,
    visibleWhenIntermediate: false,
    electricityOnly: false,
  },
  // #38 §2 §3: the social residential tariff (an electricity supply's) and the vulnerable-customers
  // register, both a household's: a company has neither.
  {
    id: "socialTariff",
    group: "more",
    path: "/b2b/kot",
    labelKey: "nav.socialTariff",
    roles: ALL_ROLES,
    visibleWhenStopped: false,
    visibleWhenIntermediate: false,
    electricityOnly: false,
    householdOnly: true,
    electricitySupplyOnly: true,
  },
  {
    id: "register",
    group: "more",
    path: "/b2b/evalotes",
    labelKey: "nav.register",
    roles: ALL_ROLES,
    visibleWhenStopped: false,
    visibleWhenIntermediate: false,
    electricityOnly: false,
    householdOnly: true,
  },
  {
    id: "requests",
    group: "more",
    path: "/b2b/aitimata",
    labelKey: "nav.requests",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
  {
    id: "calendar",
    group: "more",
    path: "/b2b/imerologio",
    labelKey: "nav.calendar",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: false,
    electricityOnly: false,
  },
  {
    id: "questionnaire",
    group: "more",
    path: "/b2b/erotimatologio",
    labelKey: "nav.questionnaire",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
  {
    id: "notices",
    group: "more",
    path: "/b2b/anakoinoseis",
    labelKey: "nav.notices",
    roles: ALL_ROLES,
    visibleWhenStopped: true,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
  // The people of an account: a company's staff (#18), a household's relatives and carers (#38
  // §4). Who may sign in and what they may do (those who manage people), and the log of what each
  // did. The log is offered to a household too: once a relative can sign in, its master needs to
  // see what was done and by whom, and every person their own sign-ins (each their part of it).
  {
    id: "people",
    group: "more",
    path: "/b2b/xristes",
    labelKey: "nav.people",
    householdLabelKey: "nav.peopleHousehold",
    roles: PERMISSIONS.manage_people,
    visibleWhenStopped: true,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
  {
    id: "activity",
    group: "more",
    path: "/b2b/istoriko",
    labelKey: "nav.activity",
    roles: PERMISSIONS.view_activity,
    visibleWhenStopped: true,
    visibleWhenIntermediate: true,
    electricityOnly: false,
  },
];

export type MeterStatusGroup = "active" | "stopped" | "intermediate";

/** Active and Stopped are the normal statuses; everything else counts as intermediate here. */
export function meterStatusGroup(status: string | null | undefined): MeterStatusGroup {
  if (status === "Active") return "active";
  if (status === "Stopped") return "stopped";
  return "intermediate";
}

type VisibilityMeter = Pick<ApiMeter, "division" | "category" | "voltage_type">;

/**
 * The electricity rule of the sidebar: meter reading only for electricity (division 1) meters
 * that pass the page-visibility guard (no category containing B1 or G22, no voltage 02 or 03).
 */
export function meterReadingAllowed(meter: VisibilityMeter | null | undefined): boolean {
  return Boolean(meter && isElectricityMeter(meter) && isPageVisible(meter));
}

export interface SidebarInput {
  meter: (VisibilityMeter & Pick<ApiMeter, "status">) | null | undefined;
  /** The user's test_role; a missing role sees every item that has roles. */
  role: Role | null | undefined;
  /** The account's is_legal_person (1: a company); 0 labels the items in a household's words. */
  legalPerson?: number | boolean | null;
  counters?: { bills: number; meter: number };
}

export interface SidebarItem {
  id: SidebarItemId;
  group: SidebarGroup;
  path: string;
  labelKey: string;
  count: number;
}

function roleAllows(item: SidebarItemDefinition, role: Role | null | undefined): boolean {
  if (item.roles.length === 0) return false;
  return !role || item.roles.includes(role);
}

/** The items to show for the selected meter, in order (main group first), with counters. */
export function sidebarItems({ meter, role, legalPerson, counters }: SidebarInput): SidebarItem[] {
  const group = meterStatusGroup(meter?.status);
  const household = legalPerson === 0 || legalPerson === false;
  const company = legalPerson === 1 || legalPerson === true;
  return SIDEBAR_ITEMS.filter((item) => {
    if (!roleAllows(item, role)) return false;
    if (item.householdOnly && company) return false;
    if (item.electricitySupplyOnly && !(meter && isElectricityMeter(meter))) return false;
    if (group === "stopped") return item.visibleWhenStopped;
    if (group === "intermediate") return item.visibleWhenIntermediate;
    return !item.electricityOnly || meterReadingAllowed(meter);
  }).map((item) => ({
    id: item.id,
    group: item.group,
    path: item.path,
    labelKey: (household && item.householdLabelKey) || item.labelKey,
    count: item.counter && counters ? Math.max(0, counters[item.counter] ?? 0) : 0,
  }));
}

export const PRIVACY_POLICY_URL = {
  el: "https://www.nrg.gr/el/privacy-policy",
  en: "https://www.nrg.gr/en/privacy-policy",
} as const;

export interface SidebarLink {
  id: "privacy" | "terms" | "cookies" | "paymentTerms";
  href: string;
  labelKey: string;
  external: boolean;
}

/** The legal links under the menu; the privacy policy URL depends on the language. */
export function sidebarLinks(lang: string): SidebarLink[] {
  return [
    {
      id: "privacy",
      href: lang === "en" ? PRIVACY_POLICY_URL.en : PRIVACY_POLICY_URL.el,
      labelKey: "nav.privacy",
      external: true,
    },
    { id: "terms", href: "/terms", labelKey: "nav.terms", external: false },
    { id: "cookies", href: "/cookies-policy", labelKey: "nav.cookies", external: false },
    { id: "paymentTerms", href: "/payment-terms", labelKey: "nav.paymentTerms", external: false },
  ];
}

/** Whether the page of a sidebar item is offered for this meter and role (the pages' guard). */
export function sidebarAllows(id: SidebarItemId, input: SidebarInput): boolean {
  return sidebarItems(input).some((item) => item.id === id);
}
