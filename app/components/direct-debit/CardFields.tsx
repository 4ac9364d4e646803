import { getSelectProps, type FieldMetadata, FieldErrors, TextField } from "../form";
import { useTranslation } from "react-i18next";

/** The label keys (directDebit namespace) of the direct-debit forms' fields, for ErrorSummary. */
export const DIRECT_DEBIT_LABEL_KEYS: Readonly<Record<string, string>> = {
  afm: "vat.label",
  code: "code.label",
  meter_id: "card.supply",
  holder: "card.holder",
  number: "card.number",
  exp_month: "card.expiry",
  exp_year: "card.expiry",
  cvv: "card.cvv",
};

/**
 * The card fields of a direct debit (spec §5 Card): holder, 16-digit number, expiry month and
 * year, 3-digit CVV. Every control has a visible label and its errors below it. The number and
 * CVV are never filled back in after an error (the server hides them in its reply).
 */
export function CardFields({
  fields,
}: {
  fields: {
    holder: FieldMetadata<string>;
    number: FieldMetadata<string>;
    exp_month: FieldMetadata<string>;
    exp_year: FieldMetadata<string>;
    cvv: FieldMetadata<string>;
  };
}) {
  const { t } = useTranslation(["directDebit", "forms"]);
  const year = new Date().getUTCFullYear();
  const years = Array.from({ length: 16 }, (_, i) => String(year + i));
  const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));
  const { key: monthKey, ...monthProps } = getSelectProps(fields.exp_month);
  const { key: yearKey, ...yearProps } = getSelectProps(fields.exp_year);
  return (
    <>
      <TextField meta={fields.holder} label={t("card.holder")} autoComplete="cc-name" />
      <TextField
        meta={fields.number}
        label={t("card.number")}
        hint={t("card.numberHint")}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <fieldset className="form-row" aria-describedby={fields.exp_month.errorId}>
        <legend className="field__label">{t("card.expiry")}</legend>
        <div className="field">
          <label className="field__label" htmlFor={fields.exp_month.id}>
            {t("card.month")}
          </label>
          <select
            key={monthKey}
            className="field__select"
            autoComplete="cc-exp-month"
            {...monthProps}
          >
            <option value="">--</option>
            {months.map((m) => (
              <option key={m} value={String(Number(m))}>
                {m}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.exp_month.errorId} errors={fields.exp_month.errors} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={fields.exp_year.id}>
            {t("card.year")}
          </label>
          <select key={yearKey} className="field__select" autoComplete="cc-exp-year" {...yearProps}>
            <option value="">----</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.exp_year.errorId} errors={fields.exp_year.errors} />
        </div>
      </fieldset>
      <TextField
        meta={fields.cvv}
        label={t("card.cvv")}
        hint={t("card.cvvHint")}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={3}
      />
    </>
  );
}
