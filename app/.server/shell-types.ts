import type {
  ApiBanner,
  ApiForecast,
  ApiInvoice,
  ApiMessage,
  ApiMeter,
  ApiUser,
} from "../../core/contract";

/** What the signed-in layout loader gets from `requireShell()` (app/.server/shell.ts). */
export interface ShellData {
  user: ApiUser;
  /**
   * Full rows of the drop-down supplies (Active, Stopped, onboarding) this page shows: the selected
   * one, the drop-down's first entries and those that owe; all of them while the drop-down is
   * searched (app/.server/shell.ts `shownMeterIds`). Pages that list every supply ask for them
   * (`requireDropdownMeters`, `requireAllMeters`).
   */
  meters: ApiMeter[];
  /** How many supplies the drop-down offers in all. */
  meterCount: number;
  /** The supply selected for this session (main meter on login, else the only active one). */
  selectedMeter: ApiMeter;
  messages: ApiMessage[];
  unreadCount: number;
  banners: ApiBanner[];
  /** Sidebar counters: supplies that owe (core/balance.ts), the selected supply's reading. */
  counters: { bills: number; meter: number };
  /**
   * The selected supply's history rows the overview shows, read with the frame (one API call,
   * one D1 batch) when the page asked for them (`withOverviewHistory`); null otherwise.
   */
  overviewInvoices: ApiInvoice[] | null;
  /** With withForecast: the selected supply's next-bill forecast (null: not Active); else undefined. */
  forecast?: ApiForecast | null;
}
