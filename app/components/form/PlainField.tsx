import type { ReactNode } from "react";

/**
 * A field that no Conform form is bound to (the GET filter and search forms): TextField's label
 * and optional hint around a control passed as children. The control carries `id`, and
 * `aria-describedby={`${id}-hint`}` when there is a hint; a hint that belongs after the control
 * is passed as a child instead.
 */
export function PlainField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A GET filter's select in a PlainField: the query parameter `name`, its current value, and the
 * options as value and label ("" is the value of "all").
 */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <PlainField id={id} label={label}>
      <select id={id} name={name} className="field__select" defaultValue={defaultValue}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </PlainField>
  );
}
