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

/** The namespaces that name a card's fields (`card.number`, `card.cvv`, …) the same way. */
type CardNs = "directDebit" | "payments";

/** How the card's number (16 digits, spaces allowed) and security code (3 digits) are typed. */
const CARD_INPUTS = {
  number: { inputMode: "numeric", autoComplete: "cc-number", maxLength: 23 },
  cvv: { inputMode: "numeric", autoComplete: "cc-csc", maxLength: 3 },
} as const;

/**
 * The card's number or security code (the field's name says which), labelled `card.<name>` with
 * the hint `card.<name>Hint`; never filled back in after an error.
 */
export function CardTextField({ meta, ns }: { meta: FieldMetadata<string>; ns: CardNs }) {
  const { t } = useTranslation([ns, "forms"]);
  const name = meta.name === "cvv" ? "cvv" : "number";
  return (
    <TextField
      meta={meta}
      label={t(`card.${name}`)}
      hint={t(`card.${name}Hint`)}
      {...CARD_INPUTS[name]}
    />
  );
}

/**
 * One half of the card's expiry date: a labelled select of the months 01–12 or of this year and
 * the next 15. A month is posted as shown ("03") or as a number ("3", `plainMonth`: the value a
 * saved direct debit comes back with). `withErrors` puts the field's errors under it.
 */
export function ExpirySelect({
  meta,
  part,
  ns,
  plainMonth = false,
  withErrors = false,
}: {
  meta: FieldMetadata<string>;
  part: "month" | "year";
  ns: CardNs;
  plainMonth?: boolean;
  withErrors?: boolean;
}) {
  const { t } = useTranslation([ns, "forms"]);
  const year = new Date().getUTCFullYear();
  const options =
    part === "month"
      ? Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"))
      : Array.from({ length: 16 }, (_, i) => String(year + i));
  const { key, ...props } = getSelectProps(meta);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {t(part === "month" ? "card.month" : "card.year")}
      </label>
      <select key={key} className="field__select" autoComplete={`cc-exp-${part}`} {...props}>
        <option value="">{part === "month" ? "--" : "----"}</option>
        {options.map((option) => (
          <option key={option} value={plainMonth ? String(Number(option)) : option}>
            {option}
          </option>
        ))}
      </select>
      {withErrors ? <FieldErrors id={meta.errorId} errors={meta.errors} /> : null}
    </div>
  );
}

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
  return (
    <>
      <TextField meta={fields.holder} label={t("card.holder")} autoComplete="cc-name" />
      <CardTextField meta={fields.number} ns="directDebit" />
      <fieldset className="form-row" aria-describedby={fields.exp_month.errorId}>
        <legend className="field__label">{t("card.expiry")}</legend>
        <ExpirySelect meta={fields.exp_month} part="month" ns="directDebit" plainMonth withErrors />
        <ExpirySelect meta={fields.exp_year} part="year" ns="directDebit" withErrors />
      </fieldset>
      <CardTextField meta={fields.cvv} ns="directDebit" />
    </>
  );
}
