import { type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import {
  getFormProps,
  useForm,
  ErrorSummary,
  FieldErrors,
  RadioGroup,
  Switch,
  TextField,
} from "../form";
import { FileInput } from "../form/FileInput";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useNavigate } from "react-router";
import {
  allOn,
  applyAll,
  AVATAR_ACCEPT,
  stepOfErrors,
  draftFromView,
  type Channel,
  type SettingsDraft,
  type SettingsFields,
  type SettingsView,
  type Step,
} from "../../domain/settings-view";
import { Dialog } from "../Dialog";

export const SETTINGS_ACTION = "/b2b/settings";

/** What the settings action answers when it does not redirect. */
export interface SettingsActionData {
  kind: "settings";
  step: Step;
  result?: SubmissionResult<string[]>;
  /** The form's values to show (the draft), e.g. after an all-switch without JavaScript. */
  draft?: SettingsDraft;
}

/** The dialog's radio groups: a row of labelled choices, the error announced on the group. */
const SETTINGS_RADIOS = {
  className: "settings-fieldset",
  describe: "group",
  row: { list: "settings-radios", option: "settings-radio" },
} as const;

function settingsUrl(closeTo: string, step: Step): string {
  const url = new URL(closeTo, "http://portal.invalid");
  url.searchParams.set("modal", "settings");
  url.searchParams.set("step", String(step));
  return url.pathname + url.search;
}

/** Current switch values from Conform's form value (strings; checkboxes are "on"). */
function liveSupplies(view: SettingsView, value: unknown) {
  const rows = (value as { supplies?: Record<string, unknown>[] } | undefined)?.supplies ?? [];
  return view.supplies.map((s, i) => {
    const row = rows[i];
    if (!row || !s.editable) return s;
    return {
      ...s,
      ebill: row.ebill === "on",
      email: typeof row.email === "string" ? row.email : "",
      sms: row.sms === "on",
      phone: typeof row.phone === "string" ? row.phone : "",
    };
  });
}

/**
 * The two-step settings dialog (spec §2 "Settings modal"). One form holds both steps; the other
 * step's fields stay in the form, hidden, so their values travel with every submit: without
 * JavaScript "Next", "Back" and the all-switches are posts that the server answers with the same
 * values. With JavaScript "Back" and the all-switches happen in the page; "Next" and "Save" are
 * checked by the server (a fetcher post: the browser ships no schema code), whose answer sets
 * the step shown and the URL's `step`.
 */
export function SettingsDialog({
  view,
  step: initialStep,
  closeTo,
  actionData,
}: {
  view: SettingsView;
  step: Step;
  closeTo: string;
  actionData?: SettingsActionData;
}) {
  const { t } = useTranslation("settings");
  const fetcher = useFetcher<SettingsActionData>({ key: "settings-dialog" });
  const navigate = useNavigate();
  const data = fetcher.data?.kind === "settings" ? fetcher.data : actionData;
  const [step, setStep] = useState<Step>(data?.step ?? initialStep);
  const defaultValue = useMemo(() => data?.draft ?? draftFromView(view), [data?.draft, view]);

  // New props (the URL's step, or the action's answer) set the step: adjusted while rendering.
  const [seen, setSeen] = useState({ data, initialStep });
  if (seen.data !== data || seen.initialStep !== initialStep) {
    setSeen({ data, initialStep });
    setStep(seen.data !== data && data?.step ? data.step : initialStep);
  }

  const [form, fields] = useForm<SettingsFields>({
    id: "settings-form",
    lastResult: data?.result,
    defaultValue,
    onSubmit(event, { formData }) {
      if (formData.get("intent") === "back") {
        event.preventDefault();
        setStep(1);
        void navigate(settingsUrl(closeTo, 1), { replace: true, preventScrollReset: true });
      }
    },
  });

  // The server's answer to "Next" (or a refused "Save") names the step to show: the URL follows.
  const answered = useRef(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (answer === answered.current) return;
    answered.current = answer;
    if (answer?.kind === "settings" && answer.step !== initialStep) {
      void navigate(settingsUrl(closeTo, answer.step), { replace: true, preventScrollReset: true });
    }
  }, [fetcher.data, initialStep, closeTo, navigate]);

  /** With JavaScript the all-switches act in the page (without, they are posts). */
  function toggleAll(channel: Channel) {
    const current = liveSupplies(view, form.value);
    const value = form.value as { email?: unknown; phone?: unknown } | undefined;
    const fill = channel === "email" ? value?.email : value?.phone;
    const updated = applyAll(
      current,
      channel,
      !allOn(current, channel),
      typeof fill === "string" ? fill : "",
    );
    form.update({
      name: fields.supplies.name,
      value: updated.map((s) => ({
        meter_id: s.meterId,
        ebill: s.ebill,
        email: s.email,
        sms: s.sms,
        phone: s.phone,
      })),
    });
  }

  // A save refused for a step-1 field shows step 1.
  const [seenErrors, setSeenErrors] = useState(form.allErrors);
  if (seenErrors !== form.allErrors) {
    setSeenErrors(form.allErrors);
    const errorFields = Object.keys(form.allErrors);
    if (errorFields.length > 0 && step === 2 && stepOfErrors(errorFields) === 1) setStep(1);
  }

  // The SMS number is typed, not pasted (spec §5); only an enhancement, the server checks anyway.
  useEffect(() => {
    const block = (event: ClipboardEvent) => {
      if ((event.target as HTMLElement | null)?.closest?.("[data-no-paste]"))
        event.preventDefault();
    };
    document.addEventListener("paste", block, true);
    return () => document.removeEventListener("paste", block, true);
  }, []);

  const supplies = fields.supplies.getFieldList();
  const live = liveSupplies(view, form.value);
  const pending = fetcher.state !== "idle";

  return (
    <Dialog title={t("settingsModal.title")} closeTo={closeTo} modal="settings">
      <p className="settings-steps" aria-live="polite">
        {t("settingsModal.stepOf", { step, total: 2 })}:{" "}
        <strong>{step === 1 ? t("settingsModal.step1") : t("settingsModal.step2")}</strong>
      </p>
      <fetcher.Form
        method="post"
        action={SETTINGS_ACTION}
        encType="multipart/form-data"
        className="settings-form"
        {...getFormProps(form)}
      >
        {/* Enter in a text field means "Next" (step 1) or "Save" (step 2), not an all-switch. */}
        <button
          type="submit"
          name="intent"
          value={step === 1 ? "next" : "save"}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        <input type="hidden" name="return_to" value={closeTo} />
        <input type="hidden" name="step" value={step} />
        <ErrorSummary form={form} ns={["settings", "forms", "common"]} />

        <section hidden={step !== 1} aria-label={t("settingsModal.step1")}>
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

          <fieldset className="settings-fieldset settings-sets">
            <legend>{t("settingsModal.bills")}</legend>
            {/* Below 619px one switch set at a time: CSS-only tabs (radio + :has), no JS needed. */}
            <div
              className="settings-tabs"
              role="radiogroup"
              aria-label={t("settingsModal.showSet")}
            >
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
                onToggle={toggleAll}
                channel="email"
                on={allOn(live, "email")}
                disabled={!view.supplies.some((s) => s.editable)}
              />
              <AllSwitch
                onToggle={toggleAll}
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
        </section>

        <section hidden={step !== 2} aria-label={t("settingsModal.step2")}>
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
            </Link>
          </p>
        </section>

        <div className="actions settings-actions">
          <Link to={closeTo} className="btn btn--secondary" replace>
            {t("settingsModal.cancel")}
          </Link>
          {step === 2 ? (
            <button
              type="submit"
              name="intent"
              value="back"
              className="btn btn--secondary"
              formNoValidate
            >
              {t("settingsModal.back")}
            </button>
          ) : null}
          {step === 1 ? (
            <button type="submit" name="intent" value="next" className="btn">
              {t("settingsModal.next")}
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="save"
              className="btn"
              aria-disabled={pending || undefined}
            >
              {pending ? t("settingsModal.saving") : t("settingsModal.save")}
            </button>
          )}
        </div>
      </fetcher.Form>
    </Dialog>
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
