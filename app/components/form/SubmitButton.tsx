import type { ButtonHTMLAttributes } from "react";
import { useNavigation } from "react-router";

/**
 * A form's submit button, disabled while the post is on its way so that a double click sends
 * nothing twice. Other attributes (`name`/`value` of an intent) pass through.
 */
export function SubmitButton({
  className = "btn",
  ...attributes
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled">) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      {...attributes}
      className={className}
      disabled={navigation.state === "submitting"}
    />
  );
}
