import { useTranslation } from "react-i18next";
import type { Channel, SettingsView } from "../../../domain/settings-view";
import { TextField } from "../../form";
import { Switch } from "../../form/Switch";
import type { BillSet, liveSupplies, SettingsFieldset } from "../settings-form";
import { BillSwitches } from "./BillSwitches";

/**
 * Step 1 of the settings dialog: the contact details, the indication channels and the bills'
 * switches. Hidden (not removed) on step 2, so its values
 * travel with every submit.
 */
export function ContactStep({
  fields,
  view,
  live,
  hidden,
  onToggleAll,
  shownSet,
}: {
  fields: SettingsFieldset;
  view: SettingsView;
  /** The supplies' switches as they are now (the form's live value). */
  live: ReturnType<typeof liveSupplies>;
  hidden: boolean;
  onToggleAll: (channel: Channel) => void;
  /** The bills' set shown first below 619 px (BillSwitches). */
  shownSet: BillSet;
}) {
  const { t } = useTranslation("settings");
  return (
    <section hidden={hidden} aria-label={t("settingsModal.step1")}>
      <div className="settings-grid">
        <TextField
          meta={fields.email}
          type="email"
          label={t("settingsModal.email")}
          autoComplete="email"
        />
        <TextField
          meta={fields.phone}
          type="tel"
          label={t("settingsModal.phone")}
          optional
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel"
        />
      </div>
      <fieldset className="settings-fieldset">
        <legend>{t("settingsModal.indication")}</legend>
        <Switch meta={fields.indication_email} label={t("settingsModal.indicationEmail")} />
        <Switch meta={fields.indication_sms} label={t("settingsModal.indicationSms")} />
      </fieldset>

      {view.manageSupplies ? (
        <BillSwitches
          supplies={fields.supplies}
          view={view}
          live={live}
          onToggleAll={onToggleAll}
          shownSet={shownSet}
        />
      ) : null}
    </section>
  );
}
