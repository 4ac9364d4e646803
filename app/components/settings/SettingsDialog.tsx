import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import {
  allOn,
  applyAll,
  stepOfErrors,
  draftFromView,
  type Channel,
  type SettingsFields,
  type SettingsView,
  type Step,
} from "../../domain/settings-view";
import { Dialog } from "../Dialog";
import { ErrorSummary, getFormProps, useForm } from "../form";
import {
  billSetOfErrors,
  liveSupplies,
  SETTINGS_ACTION,
  settingsFieldLabel,
  settingsUrl,
  type SettingsActionData,
} from "./settings-form";
import { ContactStep } from "./steps/ContactStep";
import { ProfileStep } from "./steps/ProfileStep";

// The settings route imports these from here with the dialog.
export { SETTINGS_ACTION, type SettingsActionData } from "./settings-form";

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

  // A new step opens at its top, focus on its heading (never on the button that replaced the
  // one pressed: "Next" → "Save"), unless a refusal put it on the error summary (#35 §5).
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const heading = stepHeading.current;
    if (!heading || heading.closest("dialog")?.querySelector(".error-summary")) return;
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  }, [step]);

  const errorFields = Object.entries(form.allErrors)
    .filter(([, messages]) => messages.length > 0)
    .map(([name]) => name);
  const live = liveSupplies(view, form.value);
  const pending = fetcher.state !== "idle";

  return (
    <Dialog title={t("settingsModal.title")} closeTo={closeTo} modal="settings">
      {/* The step's heading. Without JavaScript step 2 is a new page: it opens here (autofocus;
          the error summary's own autofocus comes first when there is one). */}
      <h3
        ref={stepHeading}
        className="settings-steps"
        tabIndex={-1}
        autoFocus={step === 2 && errorFields.length === 0}
      >
        {t("settingsModal.stepOf", { step, total: 2 })}:{" "}
        <strong>{step === 1 ? t("settingsModal.step1") : t("settingsModal.step2")}</strong>
      </h3>
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
        {/* Every entry names its field ("Email λογαριασμού: …"), a supply's with its address. */}
        <ErrorSummary
          form={form}
          ns={["settings", "forms", "common"]}
          label={(name) => settingsFieldLabel(t, view, name)}
        />

        <ContactStep
          fields={fields}
          view={view}
          live={live}
          hidden={step !== 1}
          onToggleAll={toggleAll}
          shownSet={billSetOfErrors(errorFields)}
        />

        <ProfileStep fields={fields} view={view} closeTo={closeTo} hidden={step !== 2} />

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
            <button key="next" type="submit" name="intent" value="next" className="btn">
              {t("settingsModal.next")}
            </button>
          ) : (
            <button
              key="save"
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
      {view.trustedCopiesFor && step === 1 ? (
        <TrustedCopies account={view.trustedCopiesFor} closeTo={closeTo} />
      ) : null}
    </Dialog>
  );
}

/**
 * The copies of the account's notices that its master chose this person for (#38 §4): said here,
 * with a form of its own (never inside the settings form) that declines them at once.
 */
function TrustedCopies({ account, closeTo }: { account: string; closeTo: string }) {
  const { t } = useTranslation("settings");
  return (
    <section className="settings-trusted" aria-labelledby="settings-trusted">
      <h3 id="settings-trusted">{t("trustedCopies.title")}</h3>
      <p>{t("trustedCopies.mine", { account })}</p>
      <Form method="post" action={SETTINGS_ACTION}>
        <input type="hidden" name="return_to" value={closeTo} />
        <button type="submit" name="intent" value="decline-copies" className="btn btn--secondary">
          {t("trustedCopies.decline")}
        </button>
      </Form>
    </section>
  );
}
