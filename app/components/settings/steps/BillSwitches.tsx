import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { allOn, type Channel, type SettingsView } from "../../../domain/settings-view";
import { TextField } from "../../form";
import { Switch } from "../../form/Switch";
import type { liveSupplies, SettingsFieldset } from "../settings-form";

/**
 * The bills section of step 1: per supply, e-bill by email and bill by SMS (each with its
 * address), and the all-switches that set every editable supply at once.
 */
export function BillSwitches({
  supplies: list,
  view,
  live,
  onToggleAll,
}: {
  supplies: SettingsFieldset["supplies"];
  view: SettingsView;
  live: ReturnType<typeof liveSupplies>;
  onToggleAll: (channel: Channel) => void;
}) {
  const { t } = useTranslation("settings");
  const supplies = list.getFieldList();
  return (
    <fieldset className="settings-fieldset settings-sets">
      <legend>{t("settingsModal.bills")}</legend>
      {/* Below 619px one switch set at a time: CSS-only tabs (radio + :has), no JS needed. */}
      <div className="settings-tabs" role="radiogroup" aria-label={t("settingsModal.showSet")}>
        <label>
          <input type="radio" name="set" value="email" defaultChecked />
          {t("settingsModal.tabEmail")}
        </label>
        <label>
          <input type="radio" name="set" value="sms" />
          {t("settingsModal.tabSms")}
        </label>
      </div>
      <div className="settings-all">
        <AllSwitch
          onToggle={onToggleAll}
          channel="email"
          on={allOn(live, "email")}
          disabled={!view.supplies.some((s) => s.editable)}
        />
        <AllSwitch
          onToggle={onToggleAll}
          channel="sms"
          on={allOn(live, "sms")}
          disabled={!view.supplies.some((s) => s.editable)}
        />
      </div>
      <ul className="settings-supplies">
        {supplies.map((row, index) => {
          const supply = view.supplies[index];
          if (!supply) return null;
          return <SupplyRow key={row.key} meta={row} supply={supply} />;
        })}
      </ul>
    </fieldset>
  );
}

function AllSwitch({
  channel,
  on,
  disabled,
  onToggle,
}: {
  channel: Channel;
  on: boolean;
  disabled: boolean;
  onToggle: (channel: Channel) => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <button
      type="submit"
      name="intent"
      value={`all-${channel}`}
      role="switch"
      aria-checked={on}
      disabled={disabled}
      className={`switch switch--button settings-set settings-set--${channel}`}
      formNoValidate
      onClick={(event) => {
        event.preventDefault();
        onToggle(channel);
      }}
    >
      <span className="switch__track" aria-hidden="true" />
      <span>{channel === "email" ? t("settingsModal.allEmail") : t("settingsModal.allSms")}</span>
    </button>
  );
}

type SupplyFields = {
  meter_id: number;
  ebill?: boolean;
  email?: string;
  sms?: boolean;
  phone?: string;
};

function SupplyRow({
  meta,
  supply,
}: {
  meta: FieldMetadata<SupplyFields>;
  supply: SettingsView["supplies"][number];
}) {
  const { t } = useTranslation("settings");
  const f = meta.getFieldset();
  const lockedId = `${meta.id}-locked`;
  const locked = !supply.editable;
  const title = locked ? t("settingsModal.ebillNotEditable") : undefined;
  return (
    <li className="settings-supply" title={title}>
      <p className="settings-supply__name">
        <strong>{supply.address}</strong>
        <span className="muted">
          {t(`settingsModal.kind.${supply.kind}`)} · {supply.supplyNumber}
        </span>
      </p>
      {locked ? (
        <p id={lockedId} className="muted settings-supply__locked">
          {t("settingsModal.ebillNotEditable")}
        </p>
      ) : null}
      <input type="hidden" name={f.meter_id.name} value={supply.meterId} />
      <div className="settings-set settings-set--email">
        <Switch
          meta={f.ebill}
          label={t("settingsModal.ebill")}
          disabled={locked}
          describedBy={locked ? lockedId : undefined}
        />
        <TextField
          meta={f.email}
          type="email"
          label={t("settingsModal.ebillEmail")}
          disabled={locked}
        />
      </div>
      <div className="settings-set settings-set--sms">
        <Switch
          meta={f.sms}
          label={t("settingsModal.smsBill")}
          disabled={locked}
          describedBy={locked ? lockedId : undefined}
        />
        <TextField
          meta={f.phone}
          type="tel"
          label={t("settingsModal.smsPhone")}
          inputMode="numeric"
          maxLength={10}
          pattern="[0-9]*"
          disabled={locked}
          data-no-paste=""
        />
      </div>
    </li>
  );
}
