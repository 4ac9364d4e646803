import { lazyDialog } from "../lazy-dialog";
import type { SettingsModal } from "../../.server/settings";
// Linked with every signed-in page (as before), so the dialog is styled without JavaScript too.
import "./settings.css";
// The settings dialog's picture field (FileInput, in the lazily loaded SettingsDialog): a lazy
// chunk's CSS is not linked by the server, so without JavaScript it must come from here.
import "../form/file-input.css";

const PasswordDialog = lazyDialog(() => import("./PasswordDialog").then((m) => m.PasswordDialog));
const SettingsDialog = lazyDialog(() => import("./SettingsDialog").then((m) => m.SettingsDialog));

/** The layout's URL-addressed settings dialogs: `?modal=settings&step=1|2` and `?modal=password`. */
export function SettingsModals({ modal }: { modal: SettingsModal }) {
  if (!modal) return null;
  return (
    <>
      {modal.modal === "password" ? (
        <PasswordDialog closeTo={modal.closeTo} backTo={modal.backTo} />
      ) : (
        <SettingsDialog view={modal.view} step={modal.step} closeTo={modal.closeTo} />
      )}
    </>
  );
}
