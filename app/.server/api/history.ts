import type { ApiInvoice } from "../../../core/contract";
import { getSession } from "../../middleware/session";
import type { GuardArgs } from "../guards";
import { getApi } from "./index";
import { meterInvoices } from "./invoices";

/**
 * The selected supply's billing history (GET /users/{id}/meters/{meterId}/invoices), asked for
 * ALONGSIDE the shell's calls rather than after them: the supply chosen earlier in this session
 * is almost always still the selected one, so the page saves one sequential D1 round trip.
 * Call it before `requireShell`; hand the shell to the function it returns. A wrong
 * guess (the supply is gone) is dropped and the history of the supply the shell chose is read.
 */
export function historyOfSelectedMeter(args: GuardArgs) {
  const api = getApi(args);
  const session = getSession(args.context);
  const read = (userId: number, meterId: number) => meterInvoices(api, userId, meterId);
  const userId = session.get("user_id");
  const guess = session.get("selected_meter_id");
  const early =
    typeof userId === "number" && typeof guess === "number" ? read(userId, guess) : null;
  early?.catch(() => undefined); // observed below, or dropped when the guess was wrong
  return (shell: { user: { id: number }; selectedMeter: { id: number } }): Promise<ApiInvoice[]> =>
    early && guess === shell.selectedMeter.id && userId === shell.user.id
      ? early
      : read(shell.user.id, shell.selectedMeter.id);
}
