import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "./Field";
import { describedBy } from "./wiring";

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** A line under the option's label, tied to it with aria-describedby. */
  hint?: string;
  /** The label's language where it differs from the page's ("English" on a Greek page). */
  lang?: string;
}

/**
 * The one radio group: a fieldset whose legend names the choice, an option per value (checked as
 * the server last saw it, so a refused submit keeps the choice) and the errors under it.
 *
 * `describe` says where the error is announced: on each option (aria-invalid and
 * aria-describedby, the fieldset carrying the field's id as the error summary's target), or on the
 * fieldset itself (the summary then links to the first option). `row` lays the options out as
 * labels wrapping their inputs, with the caller's classes (the settings dialog's swatches).
 */
export function RadioGroup<S>({
  meta,
  legend,
  options,
  className = "field radio-group",
  describe = "options",
  row,
}: {
  meta: FieldMetadata<S>;
  legend: string;
  options: readonly RadioOption[];
  className?: string;
  describe?: "options" | "group";
  row?: { list: string; option: string };
}) {
  const invalid = Boolean(meta.errors?.length);
  const initial = meta.initialValue == null ? "" : String(meta.initialValue as string | number);
  const onOptions = describe === "options";
  const input = (option: RadioOption, id?: string, hintId?: string) => (
    <input
      type="radio"
      id={id}
      name={meta.name}
      value={option.value}
      defaultChecked={initial === option.value}
      aria-invalid={(onOptions && invalid) || undefined}
      aria-describedby={onOptions ? describedBy(invalid && meta.errorId, hintId) : undefined}
    />
  );
  return (
    <fieldset
      className={className}
      id={onOptions ? meta.id : undefined}
      aria-describedby={!onOptions && invalid ? meta.errorId : undefined}
    >
      <legend className={row ? undefined : "field__label"}>{legend}</legend>
      {row ? (
        <div className={row.list}>
          {options.map((option) => (
            <label key={`${meta.key}-${option.value}`} className={row.option} lang={option.lang}>
              {input(option)}
              {option.label}
            </label>
          ))}
        </div>
      ) : (
        options.map((option) => {
          const id = `${meta.id}-${option.value}`;
          const hintId = option.hint ? `${id}-hint` : undefined;
          return (
            <div className="check" key={`${meta.key ?? ""}-${option.value}`}>
              {input(option, id, hintId)}
              <label htmlFor={id} lang={option.lang}>
                {option.label}
                {option.hint ? (
                  <span id={hintId} className="field__hint radio-group__hint">
                    {option.hint}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })
      )}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
