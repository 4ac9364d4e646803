import type { ApiMeter, UserStatus } from "../../core/contract";
import {
  isActiveMeterStatus,
  isIntermediateMeterStatus,
  userStatusFromMeters,
} from "../../core/meter-status";
import { canSubmitReadings, type ReadingMeter } from "../../core/readings";
import { accountBalance } from "../../core/balance";

/**
 * Meter and account rules of spec §1, §2 and §4. The supply statuses and the user-status rule
 * are core/meter-status.ts, shared with the API, so the two can never disagree about them.
 */

/** active: any meter Active or Stopped; intermediate: only onboarding meters; else inactive. */
export function userStatus(meters: readonly Pick<ApiMeter, "status">[]): UserStatus {
  return userStatusFromMeters(meters);
}

/** Account status from the billing system's numeric code: 1 or 3 active, 2 intermediate. */
export function accountStatusFromCode(code: number | string | null | undefined): UserStatus {
  const value = typeof code === "string" ? Number(code) : code;
  if (value === 1 || value === 3) return "active";
  if (value === 2) return "intermediate";
  return "inactive";
}

export type MeterKind = "electricity" | "gas";

/** Electricity is division 1; every other division is gas. */
export function meterKind(meter: Pick<ApiMeter, "division">): MeterKind {
  return meter.division === 1 ? "electricity" : "gas";
}

export function isElectricityMeter(meter: Pick<ApiMeter, "division">): boolean {
  return meterKind(meter) === "electricity";
}

/** Number of steps of the onboarding tracker. */
export const INTERMEDIATE_STEP_COUNT = 4;

/** Which of the 4 onboarding steps a status is at (spec §4). */
export function intermediateStep(status: string): 1 | 2 | 3 | 4 {
  switch (status) {
    case "OpenUnchecked":
      return 1;
    case "OpenChecked":
    case "Submitted":
    case "Submited":
      return 2;
    case "ThallisConfirmed":
    case "ThalisConfirmed":
    case "OpenPending":
    case "OpenCanceled":
    case "OpenRejected":
    case "Cancelled":
    case "Canceled":
      return 3;
    default:
      return 4;
  }
}

const PROBLEM_STATUSES: readonly string[] = [
  "ThallisRejected",
  "OpenPending",
  "OpenCanceled",
  "OpenRejected",
  "Cancelled",
  "Canceled",
];

/** The application has a problem the customer should call about (spec §4). */
export function hasProblem(status: string): boolean {
  return PROBLEM_STATUSES.includes(status);
}

/** Translation keys (namespace "auth", under `tracking.`) of the four steps, in order. */
export const PROGRESS_LABELS = [
  "form_submitted",
  "check_documents",
  "form_entried",
  "meter_representation",
] as const;
export type ProgressLabel = (typeof PROGRESS_LABELS)[number] | "contact_nrg";

/** The label of step n (1-based); contact_nrg for anything else. */
export function progressLabel(step: number): ProgressLabel {
  return PROGRESS_LABELS[step - 1] ?? "contact_nrg";
}

export interface TrackingStep {
  label: ProgressLabel;
  state: "done" | "current" | "todo";
}

export interface Tracking {
  steps: TrackingStep[];
  current: 1 | 2 | 3 | 4;
  problem: boolean;
}

/** The application tracker of one onboarding meter: steps before the current one are done. */
export function applicationTracking(status: string): Tracking {
  const current = intermediateStep(status);
  return {
    current,
    problem: hasProblem(status),
    steps: PROGRESS_LABELS.map((label, index) => {
      const n = index + 1;
      return { label, state: n < current ? "done" : n === current ? "current" : "todo" };
    }),
  };
}

/** Meters offered in the header drop-down: Active, Stopped and onboarding ones. */
export function isDropdownMeter(meter: Pick<ApiMeter, "status">): boolean {
  return isActiveMeterStatus(meter.status) || isIntermediateMeterStatus(meter.status);
}

export function dropdownMeters<M extends Pick<ApiMeter, "status">>(meters: readonly M[]): M[] {
  return meters.filter(isDropdownMeter);
}

type SelectableMeter = Pick<ApiMeter, "id" | "status" | "is_main">;

/**
 * The meter selected on login (spec §4): the main meter, else the only Active meter, else the
 * first Active or Stopped one, else the first onboarding one. Only drop-down meters qualify.
 */
export function selectMeterOnLogin<M extends SelectableMeter>(meters: readonly M[]): M | undefined {
  const candidates = dropdownMeters(meters);
  const main = candidates.find((m) => m.is_main === 1);
  if (main) return main;
  const active = candidates.filter((m) => m.status === "Active");
  if (active.length === 1) return active[0];
  return (
    candidates.find((m) => isActiveMeterStatus(m.status)) ??
    candidates.find((m) => isIntermediateMeterStatus(m.status))
  );
}

/** Keeps the session's selection while it is still one of the drop-down meters. */
export function resolveSelectedMeter<M extends SelectableMeter>(
  meters: readonly M[],
  selectedId: number | null | undefined,
): M | undefined {
  const kept = dropdownMeters(meters).find((m) => m.id === selectedId);
  return kept ?? selectMeterOnLogin(meters);
}

/**
 * Page visibility of the reading page (spec §2 Guards): the API's own rule for who may send a
 * reading (core/readings.ts), so the link, the guard and the endpoint never disagree.
 */
export function isPageVisible(meter: ReadingMeter | null | undefined): boolean {
  return meter ? canSubmitReadings(meter) : false;
}

/** The reading (indication) period is open today: from ≤ today ≤ to. */
export function isIndicationOpen(
  meter: Pick<ApiMeter, "indication_open_from" | "indication_open_to">,
  today: string,
): boolean {
  const from = meter.indication_open_from?.slice(0, 10);
  const to = meter.indication_open_to?.slice(0, 10);
  if (!from || !to) return false;
  return from <= today && today <= to;
}

/**
 * Sidebar counters (ShellData.counters): "bills" counts the supplies of the drop-down that owe
 * (core/balance.ts, the same supplies the overview and the pay page count, #35 §1); "meter" the
 * selected supply's open reading period.
 */
export function shellCounters(
  meter: Pick<
    ApiMeter,
    "division" | "category" | "voltage_type" | "indication_open_from" | "indication_open_to"
  >,
  today: string,
  supplies: readonly Pick<ApiMeter, "id" | "status" | "running_total">[],
): { bills: number; meter: number } {
  return {
    bills: accountBalance(supplies, today).owing.length,
    meter:
      isElectricityMeter(meter) && isPageVisible(meter) && isIndicationOpen(meter, today) ? 1 : 0,
  };
}
