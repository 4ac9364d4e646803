import type { SettingsModal } from "./settings.server";
import { PasswordDialog } from "./PasswordDialog";
import { SettingsDialog } from "./SettingsDialog";

/** The layout's URL-addressed settings dialogs: `?modal=settings&step=1|2` and `?modal=password`. */
export function SettingsModals({ modal }: { modal: SettingsModal }) {
  if (!modal) return null;
  if (modal.modal === "password")
    return <PasswordDialog closeTo={modal.closeTo} backTo={modal.backTo} />;
  return <SettingsDialog view={modal.view} step={modal.step} closeTo={modal.closeTo} />;
}
