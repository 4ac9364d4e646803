import { useTranslation } from "react-i18next";
import { IntentButton } from "../form/IntentButton";
import { OverviewDialog } from "./OverviewDialog";
import type { PopupView } from "./view";

/**
 * Spec §2 "user general modal": a pop-up from the user's data (title, body, button title, url).
 * Closing it, or following its button, dismisses it for good (POST /api/user/popup/dismiss).
 */
export function UserPopup({ popup, action }: { popup: PopupView; action: string }) {
  const { t } = useTranslation("overview");
  return (
    <OverviewDialog id="user-popup" title={popup.title} closeIntent="dismiss-popup" action={action}>
      <p className="dialog__body">{popup.body}</p>
      <div className="actions">
        {popup.url ? (
          <IntentButton intent="follow-popup" action={action} className="btn">
            {popup.buttonTitle || t("popup.continue")}
          </IntentButton>
        ) : null}
        <IntentButton intent="dismiss-popup" action={action} className="btn btn--secondary">
          {t("popup.close")}
        </IntentButton>
      </div>
    </OverviewDialog>
  );
}
