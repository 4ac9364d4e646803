import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DialogFrame } from "../Dialog";

/**
 * A dialog the server renders open (works without JavaScript), closed by a POST: closing it is
 * remembered (the user pop-up in the API, the pay-several dialog in the session), so "close" must
 * change state and cannot be a link. Modal with JavaScript like every portal dialog (Dialog.tsx):
 * Escape submits the same close.
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
  return (
    <DialogFrame
      id={id}
      titleId={`${id}-title`}
      title={title}
      modal={id}
      close={
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={closeIntent} />
          <button type="submit" className="dialog__close btn-link" data-dialog-close="">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("dialog.close", { title })}</span>
          </button>
        </Form>
      }
    >
      {children}
    </DialogFrame>
  );
}
