/**
 * Response shapes of the direct-debit calls (docs/api/direct-debit.md). Dates are ISO strings.
 */

export type ApiDdStep = "code" | "card" | "confirm" | "done";

/** A supply the verified customer may put on direct debit. */
export interface ApiDdSupply {
  meter_id: number;
  supply_number: string;
  division: number; // 1 electricity, otherwise gas
  address: string;
  /** The card already charged for it, if any (activating again replaces it). */
  direct_debit: { card_brand: string; card_last4: string; charge_day: number } | null;
}

/** An active direct debit of one supply. */
export interface ApiDirectDebit {
  meter_id: number;
  supply_number: string;
  division: number;
  address: string;
  card_brand: string;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
  holder: string;
  /** Day of the month (1–28) the card is charged. */
  charge_day: number;
  /** The next charge, YYYY-MM-DD. */
  next_charge_date: string;
  created_at: string;
  updated_at: string;
}

/** The state of one set-up flow, as GET /direct-debit/flows/{token} shows it. */
export interface ApiDdFlow {
  step: ApiDdStep;
  afm: string;
  mobile_masked: string;
  /** When the flow ends (session expired). */
  expires_at: string;
  code_expires_at: string | null;
  /** Wrong guesses left before the flow ends. */
  attempts_left: number;
  /** The earliest moment a new code may be asked for. */
  resend_available_at: string;
  /** Only once the code is verified. */
  supplies: ApiDdSupply[];
  /** What the card step was last given (never the card number or CVV). */
  meter_id: number | null;
  holder: string | null;
  exp_month: number | null;
  exp_year: number | null;
  /** The card the issuer accepted (step confirm/done). */
  card: { brand: string; last4: string } | null;
  /** The mandate created (step done). */
  mandate: ApiDirectDebit | null;
}

/** POST /direct-debit/flows: the new flow and its token (a capability: keep it secret). */
export interface ApiDdFlowStart extends ApiDdFlow {
  flow_token: string;
}
