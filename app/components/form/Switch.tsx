import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "./wiring";

/** A checkbox shown and announced as an on/off switch (role="switch"), its label beside it. */
export function Switch({
  meta,
  label,
  disabled,
  describedBy,
}: {
  meta: FieldMetadata<boolean | undefined>;
  label: string;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <label className="switch">
      <input
        key={key}
        {...props}
        role="switch"
        disabled={disabled}
        aria-describedby={describedBy}
      />
      <span className="switch__track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}
