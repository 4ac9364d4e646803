import {
  getFormProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
  ErrorSummary,
  FieldErrors,
  TextareaField,
  TextField,
  SubmitButton,
} from "../form";
import { FileInput } from "../form/FileInput";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { ApiRequestKind } from "../../../core/contract";
import type { RuleProblem } from "../../../core/requests/rules";
import { CANCELLATION_REASONS } from "../../../core/requests/rules";

export interface RequestFormView {
  kind: ApiRequestKind;
  supplies: Array<{ id: number; label: string; blocker: RuleProblem | null }>;
  defaults: Record<string, string>;
}

/** Every field either form posts (the schemas are server-only; this names them for Conform). */
interface RequestFields {
  meter_id: string;
  vat: string;
  tax_office: string;
  bill_street: string;
  bill_street_no: string;
  bill_postal_code: string;
  bill_city: string;
  contact_person: string;
  contact_phone: string;
  reason: string;
  comments: string;
  file: string;
  file_id: string;
}

/** What the action answers when the form comes back (errors, the kept file, a general error). */
export interface RequestActionData {
  result?: SubmissionResult<string[]>;
  kept?: { id: string; name: string; size: string } | null;
  formError?: string;
}

function SelectField({
  meta,
  label,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  children: React.ReactNode;
}) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <select key={key} className="field__select" {...props}>
        {children}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * The name-change or cancellation form: a plain multipart POST that works without JavaScript.
 * Validation happens in the action (server); its result comes back through `lastResult`, with
 * the typed values and, when the file was fine, the kept file named instead of a new choice.
 */
export function RequestForm({
  view,
  actionData,
}: {
  view: RequestFormView;
  actionData: RequestActionData | undefined;
}) {
  const { t } = useTranslation(["requests", "forms"]);
  const [form, fields] = useForm<RequestFields>({
    lastResult: actionData?.result,
    defaultValue: view.defaults,
  });
  const kept = actionData?.kept ?? null;
  const allowed = view.supplies.filter((s) => s.blocker === null);

  if (allowed.length === 0) {
    return (
      <div className="alert alert--warning" role="status">
        <p>{t("new.noSupplies")}</p>
      </div>
    );
  }

  const fileMeta = fields.file;
  const fileHintId = `${fileMeta.id}-hint`;
  const keptId = `${fileMeta.id}-kept`;
  const fileInvalid = Boolean(fileMeta.errors?.length);
  const describedBy = [fileHintId, kept ? keptId : null, fileInvalid ? fileMeta.errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <Form method="post" encType="multipart/form-data" className="form" {...getFormProps(form)}>
      <p className="muted">{t("required")}</p>
      <ErrorSummary
        form={form}
        extra={[actionData?.formError]}
        ns={["requests", "forms", "common"]}
        labelKey={(name) => `fields.${name}`}
      />

      <SelectField meta={fields.meter_id as FieldMetadata<unknown>} label={t("fields.meter_id")}>
        {view.supplies.map((supply) => (
          <option key={supply.id} value={supply.id} disabled={supply.blocker !== null}>
            {supply.blocker
              ? t("supplyBlocked", {
                  label: supply.label,
                  reason: t(`errors.rule.${supply.blocker}`),
                })
              : supply.label}
          </option>
        ))}
      </SelectField>

      {view.kind === "name_change" ? (
        <>
          <div className="form-row">
            <TextField
              meta={fields.vat}
              label={t("fields.vat")}
              inputMode="numeric"
              maxLength={9}
            />
            <TextField meta={fields.tax_office} label={t("fields.tax_office")} />
          </div>
          <fieldset className="rq-fieldset">
            <legend>{t("fields.billingAddress")}</legend>
            <div className="form-row">
              <TextField
                meta={fields.bill_street}
                label={t("fields.bill_street")}
                autoComplete="address-line1"
              />
              <TextField meta={fields.bill_street_no} label={t("fields.bill_street_no")} />
            </div>
            <div className="form-row">
              <TextField
                meta={fields.bill_postal_code}
                label={t("fields.bill_postal_code")}
                inputMode="numeric"
                maxLength={5}
                autoComplete="postal-code"
              />
              <TextField
                meta={fields.bill_city}
                label={t("fields.bill_city")}
                autoComplete="address-level2"
              />
            </div>
          </fieldset>
          <fieldset className="rq-fieldset">
            <legend>{t("fields.contact")}</legend>
            <div className="form-row">
              <TextField
                meta={fields.contact_person}
                label={t("fields.contact_person")}
                autoComplete="name"
              />
              <TextField
                meta={fields.contact_phone}
                label={t("fields.contact_phone")}
                type="tel"
                inputMode="numeric"
                maxLength={10}
                autoComplete="tel"
              />
            </div>
          </fieldset>
          <TextareaField meta={fields.reason} label={t("fields.reason")} rows={4} />
        </>
      ) : (
        <>
          <SelectField
            meta={fields.reason as FieldMetadata<unknown>}
            label={t("fields.cancellationReason")}
          >
            <option value="">{t("cancellation.chooseReason")}</option>
            {CANCELLATION_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`cancellation.reasons.${reason}`)}
              </option>
            ))}
          </SelectField>
          <TextareaField meta={fields.comments} label={t("fields.comments")} optional rows={4} />
        </>
      )}

      <div className="field">
        <label className="field__label" htmlFor={fileMeta.id}>
          {kept
            ? t("file.replace")
            : t(view.kind === "name_change" ? "fields.certificate" : "fields.signedForm")}
        </label>
        <span id={fileHintId} className="field__hint">
          {t("fields.fileHint")}
        </span>
        {kept ? (
          <p id={keptId} className="rq-kept">
            {t("file.kept", { name: kept.name, size: kept.size })}
            <input type="hidden" name="file_id" value={kept.id} />
          </p>
        ) : null}
        <FileInput
          // A kept file empties the input: a new choice then means "replace".
          key={kept?.id ?? "none"}
          id={fileMeta.id}
          name="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          invalid={fileInvalid}
          describedBy={describedBy}
        />
        <FieldErrors id={fileMeta.errorId} errors={fileMeta.errors} />
      </div>

      <div className="actions">
        <SubmitButton>{t("submit")}</SubmitButton>
      </div>
    </Form>
  );
}
