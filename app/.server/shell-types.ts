import type { ApiBanner, ApiMessage, ApiMeter, ApiUser } from "../../api/contract";

/** What the signed-in layout loader gets from `requireShell()` (app/.server/shell.ts). */
export interface ShellData {
  user: ApiUser;
  /** Meters offered in the header drop-down: Active, Stopped and intermediate ones. */
  meters: ApiMeter[];
  /** The supply selected for this session (main meter on login, else the only active one). */
  selectedMeter: ApiMeter;
  messages: ApiMessage[];
  unreadCount: number;
  banners: ApiBanner[];
  /** Sidebar counters for the selected supply. */
  counters: { bills: number; meter: number };
}
