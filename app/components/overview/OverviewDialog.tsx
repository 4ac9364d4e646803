import { useTranslation } from "react-i18next";
import { Form } from "react-router";

/**
 * A dialog the server renders open (works without JavaScript), closed by a POST: closing it is
 * remembered (the user pop-up in the API, the pay-several dialog in the session), so "close" must
 * change state and cannot be a link.
 */
export function OverviewDialog({
  id,
  title,
  closeIntent,
  action,
  children,
}: {
  id: string;
  title: string;
  closeIntent: string;
  /** The route whose action handles the close. */
  action: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("overview");
  const titleId = `${id}-title`;
  return (
    <div className="modal">
      <dialog open className="dialog" id={id} aria-labelledby={titleId}>
        <div className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={closeIntent} />
            <button type="submit" className="dialog__close btn-link">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t("dialog.close", { title })}</span>
            </button>
          </Form>
        </div>
        {children}
      </dialog>
    </div>
  );
}
