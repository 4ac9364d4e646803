import { useTranslation } from "react-i18next";
import { href, Link } from "react-router";
import { AVATAR_ACCEPT, type SettingsView } from "../../../domain/settings-view";
import { FieldErrors, TextField } from "../../form";
import { RadioGroup } from "../../form/RadioGroup";
import { FileInput } from "../../form/FileInput";
import type { SettingsFieldset } from "../settings-form";

/** The dialog's radio groups: a row of labelled choices, the error announced on the group. */
const SETTINGS_RADIOS = {
  className: "settings-fieldset",
  describe: "group",
  row: { list: "settings-radios", option: "settings-radio" },
} as const;

/**
 * Step 2 of the settings dialog: picture, main supply, colours, language and the current password
 * that confirms the save (with the way to the password dialog). Hidden (not removed) on step 1.
 */
export function ProfileStep({
  fields,
  view,
  closeTo,
  hidden,
}: {
  fields: SettingsFieldset;
  view: SettingsView;
  closeTo: string;
  hidden: boolean;
}) {
  const { t } = useTranslation("settings");
  return (
    <section hidden={hidden} aria-label={t("settingsModal.step2")}>
      <div className="field">
        <label className="field__label" htmlFor={fields.avatar.id}>
          {t("settingsModal.avatar")}
        </label>
        <span id={`${fields.avatar.id}-hint`} className="field__hint">
          {t("settingsModal.avatarHint")}
        </span>
        <div className="settings-avatar">
          {view.avatarSrc ? (
            <img
              src={view.avatarSrc}
              alt={t("settingsModal.avatarCurrent")}
              className="avatar avatar--large"
            />
          ) : null}
          <FileInput
            key={fields.avatar.key}
            id={fields.avatar.id}
            name={fields.avatar.name}
            accept={AVATAR_ACCEPT}
            invalid={Boolean(fields.avatar.errors?.length)}
            describedBy={[
              `${fields.avatar.id}-hint`,
              fields.avatar.errors?.length ? fields.avatar.errorId : null,
            ]
              .filter(Boolean)
              .join(" ")}
          />
        </div>
        <FieldErrors id={fields.avatar.errorId} errors={fields.avatar.errors} />
      </div>

      {view.chooseMain ? (
        <div className="field">
          <label className="field__label" htmlFor={fields.main_meter_id.id}>
            {t("settingsModal.mainSupply")}
          </label>
          <select
            id={fields.main_meter_id.id}
            name={fields.main_meter_id.name}
            defaultValue={String(fields.main_meter_id.initialValue ?? view.mainMeterId)}
            key={fields.main_meter_id.key}
            className="field__select"
          >
            {view.supplies.map((s) => (
              <option key={s.meterId} value={s.meterId}>
                {s.address} · {s.supplyNumber}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.main_meter_id.errorId} errors={fields.main_meter_id.errors} />
        </div>
      ) : (
        <input
          type="hidden"
          name={fields.main_meter_id.name}
          value={String(fields.main_meter_id.initialValue ?? view.mainMeterId)}
        />
      )}

      <RadioGroup
        meta={fields.nrg_skin}
        legend={t("settingsModal.skin")}
        {...SETTINGS_RADIOS}
        options={[1, 2, 3].map((n) => ({
          value: String(n),
          label: (
            <>
              <span className={`swatch swatch--${n}`} aria-hidden="true" />
              {t(`settingsModal.skins.${n}`)}
            </>
          ),
        }))}
      />
      <RadioGroup
        meta={fields.lang}
        legend={t("settingsModal.language")}
        {...SETTINGS_RADIOS}
        options={[
          { value: "el", label: "Ελληνικά", lang: "el" },
          { value: "en", label: "English", lang: "en" },
        ]}
      />
      <TextField
        meta={fields.current_password}
        type="password"
        label={t("settingsModal.currentPassword")}
        hint={t("settingsModal.currentPasswordHint")}
        autoComplete="current-password"
      />
      <p>
        <Link
          to={`${closeTo}${closeTo.includes("?") ? "&" : "?"}modal=password`}
          className="btn btn--secondary btn--small"
        >
          {t("settingsModal.changePassword")}
        </Link>{" "}
        <Link to={href("/b2b/settings/kleidia-api")} className="btn btn--secondary btn--small">
          {t("settingsModal.accessTokens")}
        </Link>
      </p>
    </section>
  );
}
