import { getInputProps } from "./wiring";

/**
 * One option of a radio choice written out by hand: Conform's input props (`getInputProps`) with
 * the option's own id, `${field id}-${value}` as RadioGroup gives its options, which the option's
 * label and an error summary's target point at. `key` stays apart (React takes it separately).
 */
export function getRadioProps(meta: Parameters<typeof getInputProps>[0], value: string) {
  const { key, ...props } = getInputProps(meta, { type: "radio", value });
  return { key, props: { ...props, id: `${meta.id}-${value}` } };
}
