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
