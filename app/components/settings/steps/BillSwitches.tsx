import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { allOn, type Channel, type SettingsView } from "../../../domain/settings-view";
import { TextField } from "../../form";
import { Switch } from "../../form/Switch";
import {
  billSetChoiceId,
  type BillSet,
  type liveSupplies,
  type SettingsFieldset,
} from "../settings-form";

/**
 * The bills section of step 1: per supply, e-bill by email and bill by SMS (each with its
 * address), and the all-switches that set every editable supply at once.
 */
export function BillSwitches({
  supplies: list,
  view,
  live,
  onToggleAll,
  shownSet,
}: {
  supplies: SettingsFieldset["supplies"];
  view: SettingsView;
  live: ReturnType<typeof liveSupplies>;
  onToggleAll: (channel: Channel) => void;
  /** The set shown first below 619 px: the one with a refused field (#35 §5), else e-bill. */
  shownSet: BillSet;
}) {
  const { t } = useTranslation("settings");
  const supplies = list.getFieldList();
  return (
    <fieldset className="settings-fieldset settings-sets">
      <legend>{t("settingsModal.bills")}</legend>
      {/* Below 619px one switch set at a time: CSS-only tabs (radio + :has), no JS needed. The
          server checks the set holding a refused field; with JavaScript a link of the error
          summary checks its field's set (`data-reveal`, ErrorSummary). */}
      <div className="settings-tabs" role="radiogroup" aria-label={t("settingsModal.showSet")}>
        <label>
          <input
            key={`email-${shownSet}`}
            id={billSetChoiceId("email")}
            type="radio"
            name="set"
            value="email"
            defaultChecked={shownSet === "email"}
          />
          {t("settingsModal.tabEmail")}
        </label>
        <label>
          <input
            key={`sms-${shownSet}`}
            id={billSetChoiceId("sms")}
            type="radio"
            name="set"
            value="sms"
            defaultChecked={shownSet === "sms"}
          />
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
      <BillChannel
        modifier="email"
        meta={f.ebill}
        label={t("settingsModal.ebill")}
        lockedId={locked ? lockedId : null}
      >
        <TextField
          meta={f.email}
          type="email"
          label={t("settingsModal.ebillEmail")}
          disabled={locked}
        />
      </BillChannel>
      <BillChannel
        modifier="sms"
        meta={f.sms}
        label={t("settingsModal.smsBill")}
        lockedId={locked ? lockedId : null}
      >
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
      </BillChannel>
    </li>
  );
}

/**
 * One way of receiving the bill: its switch and, as children, the address it goes to. On a
 * locked supply the switch is disabled and described by the note saying why (`lockedId`).
 */
function BillChannel({
  modifier,
  meta,
  label,
  lockedId,
  children,
}: {
  modifier: "email" | "sms";
  meta: FieldMetadata<boolean | undefined>;
  label: string;
  lockedId: string | null;
  children: ReactNode;
}) {
  return (
    <div
      className={`settings-set settings-set--${modifier}`}
      data-reveal={billSetChoiceId(modifier)}
    >
      <Switch
        meta={meta}
        label={label}
        disabled={lockedId !== null}
        describedBy={lockedId ?? undefined}
      />
      {children}
    </div>
  );
}
