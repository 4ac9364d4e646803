/**
 * One true balance (#35 §1): which of the supplies a person sees owe, how much in all, and which
 * are overdue. Every place that speaks of what is owed (the overview's hero, the pay-several
 * dialog, the pay page, the menu badge, the supplies filter, the API's order check) asks this
 * module, so they all count the same supplies.
 *
 * A supply owes when it is one the customer can pay (Active or Stopped, spec §5: a stopped
 * supply's final balance is still owed) and its running total is above 0,00 € (a credit owes
 * nothing). It is overdue when it owes and the due date of its latest bill is before today in
 * Athens (core/dates.ts athensToday): due today is not overdue yet. A supply whose payment plan is
 * kept is not overdue (#38 §1): its bills are in the plan.
 */
import { toCents } from "./gateway";
import { isActiveMeterStatus } from "./meter-status";

export interface BalanceSupply {
  id: number;
  status: string;
  /** What the supply owes now, euros (ApiMeter.running_total). */
  running_total: number;
}

export interface DatedBalanceSupply extends BalanceSupply {
  /** Due date of the supply's latest bill (YYYY-MM-DD…), or null. */
  last_invoice_due_date: string | null;
  /**
   * A kept payment plan (#38 §1; ApiMeter.payment_plan): its bills are "in a payment plan", not
   * overdue; what is due is its next instalment.
   */
  payment_plan?: unknown;
}

/** The rule on a balance in cents (the API's rows hold cents). */
export function owesCents(status: string, balanceCents: number): boolean {
  return isActiveMeterStatus(status) && balanceCents > 0;
}

/** The supply owes something now (Active or Stopped, balance above 0,00 €). */
export function owes(supply: Pick<BalanceSupply, "status" | "running_total">): boolean {
  return owesCents(supply.status, toCents(supply.running_total));
}

/** The supply owes and its latest bill's due date is before `today` (Athens, YYYY-MM-DD). */
export function isOverdue(
  supply: Pick<DatedBalanceSupply, "status" | "running_total" | "last_invoice_due_date"> &
    Pick<Partial<DatedBalanceSupply>, "payment_plan">,
  today: string,
): boolean {
  if (supply.payment_plan) return false;
  const due = supply.last_invoice_due_date?.slice(0, 10);
  return owes(supply) && !!due && due < today.slice(0, 10);
}

export interface AccountBalance<M> {
  /** The supplies that owe, overdue first (oldest due date first), then in the given order. */
  owing: M[];
  /** Ids of the owing supplies that are overdue. */
  overdueIds: number[];
  /** What all of them owe, in cents (summed in cents, so exact) and in euros. */
  totalCents: number;
  total: number;
  overdueCents: number;
}

/** The balance of every supply the person sees (without due dates nothing is overdue). */
export function accountBalance<M extends BalanceSupply & Partial<DatedBalanceSupply>>(
  supplies: readonly M[],
  today: string,
): AccountBalance<M> {
  const dueOf = (m: M) => m.last_invoice_due_date?.slice(0, 10) ?? "";
  const overdue = (m: M) =>
    isOverdue({ ...m, last_invoice_due_date: m.last_invoice_due_date ?? null }, today);
  const owing = supplies
    .filter(owes)
    .map((m, index) => ({ m, index, late: overdue(m) }))
    .sort((a, b) => {
      if (a.late !== b.late) return a.late ? -1 : 1;
      if (a.late && dueOf(a.m) !== dueOf(b.m)) return dueOf(a.m) < dueOf(b.m) ? -1 : 1;
      return a.index - b.index;
    });
  const totalCents = owing.reduce((sum, { m }) => sum + toCents(m.running_total), 0);
  const overdueCents = owing
    .filter(({ late }) => late)
    .reduce((sum, { m }) => sum + toCents(m.running_total), 0);
  return {
    owing: owing.map(({ m }) => m),
    overdueIds: owing.filter(({ late }) => late).map(({ m }) => m.id),
    totalCents,
    total: totalCents / 100,
    overdueCents,
  };
}
