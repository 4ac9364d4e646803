import { accountBalance, isOverdue } from "../../../core/balance";
import { PAYMENT_PLAN } from "../../../core/hardship";
import { toCents } from "../../../core/gateway";
import { billPdfFilename } from "../../../core/bill-lines";
import { can } from "../../../core/permissions";
import type { ApiBanner, ApiInvoice, ApiMeter, ApiUser } from "../../../core/contract";
import type { TariffColour } from "../../../core/tariff-colours";
import { billStatus, type BillStatus } from "../../domain/bill-status";
import { formatAddress, formatDate, isElectricity, supplyNumber } from "../../domain/format";
import {
  bannerDate,
  billTotal,
  billTypeHeading,
  chartPoints,
  dashboard,
  lastSixClearance,
  latestBill,
  paySeveralMeters,
  safePopupUrl,
  showPayButton,
  showPaySeveral,
  showTopBanner,
  showUserPopup,
  yearOnYear,
  type ChartPoint,
  type Dashboard,
} from "../../domain/overview";

/**
 * What the overview page sends to the browser: the rules of app/domain/overview.ts applied to the
 * shell's data and the selected supply's billing history, projected to plain values (no whole
 * meters or invoice rows). Charts are added by the loader (server-rendered SVG strings).
 */

export interface TopBannerView {
  heading: "Clearance" | "Advance" | null;
  /** What the supply owes now (its running total), euros; 0 or less is "nothing to pay". */
  owed: number;
  showPay: boolean;
  /** The latest bill's payment status (app/domain/bill-status.ts); null: no bill or no status. */
  status: BillStatus | null;
  date: { kind: "deadline" | "lastPayment"; date: string | null };
  /** The latest bill (download); null when the supply has none yet. */
  invoiceId: number | null;
  /** The latest bill's PDF as it saves: NRG-<supply>-<YYYY-MM>.pdf (core/bill-lines.ts, #35 §2). */
  pdfFilename: string | null;
  /**
   * The tariff colour the latest bill was issued under (#37 §3: beside the amount payable); null
   * for gas, a bill from before colours were recorded, or no bill.
   */
  tariffColour: TariffColour | null;
  details: {
    dateDue: string | null;
    previous: number;
    current: number;
    total: number;
    /** The bill's RF payment code (core/rf.ts); null for a ledger row that is not a bill. */
    rfCode: string | null;
  } | null;
  lastPayment: { amount: number; date: string | null };
  /**
   * The supply's kept payment plan (#38 §1): the Pay button pays its next instalment, whose
   * amount and date are shown; null without one.
   */
  plan: { amount: number; date: string } | null;
  /** The supply is overdue by enough for a payment plan: the hero offers one (#38 §1). */
  offerPlan: boolean;
}

export interface ChartData {
  points: ChartPoint[];
  hasNight: boolean;
}

export interface YearData {
  current: ChartPoint;
  previous: ChartPoint | null;
  kwhChange: number | null;
  amountChange: number | null;
}

export interface PopupView {
  title: string;
  body: string;
  buttonTitle: string;
  url: string | null;
}

export interface PaySeveralRow {
  id: number;
  kind: "electricity" | "gas";
  supplyNumber: string;
  address: string;
  balance: number;
  overdue: boolean;
}

export interface PaySeveralView {
  open: boolean;
  rows: PaySeveralRow[];
  total: number;
}

/** A supply that owes, as the overview's balance lists it (core/balance.ts, #35 §1). */
export interface OwedRow {
  id: number;
  kind: "electricity" | "gas";
  supplyNumber: string;
  address: string;
  balance: number;
  dueDate: string | null;
  overdue: boolean;
  /** The supply selected in the drop-down. */
  selected: boolean;
}

/** What the account owes in all, on every supply the person sees (overdue first). */
export interface AccountBalanceView {
  total: number;
  overdueTotal: number;
  rows: OwedRow[];
  /** The person may pay (#18): the rows link to the pay page. */
  mayPay: boolean;
}

export interface OverviewView {
  meterId: number;
  topBanner: TopBannerView | null;
  account: AccountBalanceView;
  dashboard: Dashboard;
  /** The last six Clearance invoices (oldest → newest); null when there are none. */
  history: ChartData | null;
  year: YearData | null;
  banners: ApiBanner[];
  popup: PopupView | null;
  paySeveral: PaySeveralView | null;
}

export interface OverviewInput {
  user: ApiUser;
  /** The drop-down meters (Active, Stopped, onboarding) of the shell. */
  meters: readonly ApiMeter[];
  selected: ApiMeter;
  /** The selected supply's billing history (any order). */
  history: readonly ApiInvoice[];
  banners: ApiBanner[];
  paySeveralDismissed: boolean;
  /** `?modal=pay-several` asks for the dialog again after it was dismissed. */
  paySeveralRequested: boolean;
  /** Today in Athens (YYYY-MM-DD): decides whether the latest bill is overdue. */
  today: string;
}

export function buildOverviewView(input: OverviewInput): OverviewView {
  const { user, selected, history } = input;
  const bill = latestBill(history);
  // A person whose role may not pay (#18: `user`) sees no pay button and no pay-several dialog.
  const mayPay = can(user.test_role, "manage_supply");

  const topBanner: TopBannerView | null = showTopBanner(selected)
    ? {
        heading: billTypeHeading(bill),
        owed: selected.running_total,
        showPay: mayPay && showPayButton(selected),
        status: bill ? billStatus(bill, input.today, selected.payment_plan) : null,
        date: bannerDate(selected),
        invoiceId: bill?.id ?? null,
        pdfFilename: bill ? billPdfFilename(supplyNumber(selected), bill.issue_date) : null,
        tariffColour: bill?.tariff_colour ?? null,
        details: bill
          ? {
              dateDue: bill.date_due,
              previous: bill.ypoloipo,
              current: bill.total_value,
              total: billTotal(bill),
              rfCode: bill.rf_code,
            }
          : null,
        lastPayment: { amount: selected.trn_value, date: selected.last_payment_date },
        plan: selected.payment_plan
          ? { amount: selected.payment_plan.next_amount, date: selected.payment_plan.next_due_date }
          : null,
        offerPlan:
          mayPay &&
          isOverdue(selected, input.today) &&
          toCents(selected.running_total) >= PAYMENT_PLAN.minOverdueCents,
      }
    : null;

  const six = lastSixClearance(history);
  const comparison = yearOnYear(history);

  const popup: PopupView | null =
    showUserPopup(user) && user.popup
      ? {
          title: user.popup.title,
          body: user.popup.body,
          buttonTitle: user.popup.button_title,
          url: safePopupUrl(user.popup.url),
        }
      : null;

  const owing = paySeveralMeters(input.meters);
  const balance = accountBalance(input.meters, input.today);
  const account: AccountBalanceView = {
    total: balance.total,
    overdueTotal: balance.overdueCents / 100,
    rows: balance.owing.map((m) => ({
      id: m.id,
      kind: isElectricity(m) ? "electricity" : "gas",
      supplyNumber: supplyNumber(m),
      address: formatAddress(m),
      balance: m.running_total,
      dueDate: m.last_invoice_due_date?.slice(0, 10) ?? null,
      overdue: balance.overdueIds.includes(m.id),
      selected: m.id === selected.id,
    })),
    mayPay,
  };
  const conditionHolds = showPaySeveral({
    user,
    meters: input.meters,
    userPopupOpen: popup !== null,
    dismissedThisSession: input.paySeveralDismissed,
  });
  const paySeveral: PaySeveralView | null =
    mayPay && owing.length > 1
      ? {
          open: conditionHolds || (input.paySeveralRequested && popup === null),
          rows: balance.owing.map((m) => ({
            id: m.id,
            kind: isElectricity(m) ? "electricity" : "gas",
            supplyNumber: supplyNumber(m),
            address: formatAddress(m),
            balance: m.running_total,
            overdue: balance.overdueIds.includes(m.id),
          })),
          total: balance.total,
        }
      : null;

  return {
    meterId: selected.id,
    topBanner,
    account,
    dashboard: dashboard(selected, bill),
    history:
      six.length > 0 ? { points: chartPoints(six), hasNight: selected.has_night === 1 } : null,
    year: comparison
      ? {
          current: chartPoints([comparison.current])[0]!,
          previous: comparison.previous ? chartPoints([comparison.previous])[0]! : null,
          kwhChange: comparison.kwhChange,
          amountChange: comparison.amountChange,
        }
      : null,
    banners: input.banners,
    popup,
    paySeveral,
  };
}

/** "11/2026": the month a billing period ends in, for chart axes. */
export function periodMonth(isoDate: string): string {
  return formatDate(isoDate).slice(3);
}
