import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * A flash message from the session, rendered by the server once. It can be dismissed without JS:
 * the close control is the label of a visually hidden checkbox that hides the toast.
 */
export function Toast({ type, message }: { type: "success" | "error"; message: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    // A landmark: the dismiss checkbox is page content too (axe `region`).
    <section className="toast-region" aria-label={t("toast.label")}>
      <input
        type="checkbox"
        id={id}
        className="toast-toggle visually-hidden"
        aria-label={t("toast.dismiss")}
      />
      <div className={`toast toast--${type}`} role={type === "error" ? "alert" : "status"}>
        <p>{message}</p>
        <label htmlFor={id} className="toast__close" aria-hidden="true" title={t("toast.dismiss")}>
          ×
        </label>
      </div>
    </section>
  );
}
