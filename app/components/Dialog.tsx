import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * A URL-addressed modal (`?modal=settings`, `?checkout=success…`): the server renders it open,
 * so it works without JavaScript; "close" is a link to the same page without the query. The
 * backdrop is a plain element because a non-modal <dialog open> has no ::backdrop.
 */
export function Dialog({
  title,
  closeTo,
  children,
  role = "dialog",
}: {
  title: React.ReactNode;
  /** Where the close link goes (usually the current path without the modal's parameters). */
  closeTo: string;
  children: React.ReactNode;
  /** "alertdialog" for results that need attention (payment failed). */
  role?: "dialog" | "alertdialog";
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div className="modal">
      <dialog open className="dialog" role={role} aria-labelledby={titleId}>
        <div className="dialog__head">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeTo} className="dialog__close" replace>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("dialog.close")}</span>
          </Link>
        </div>
        {children}
      </dialog>
    </div>
  );
}
