import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { recentOpener } from "./lazy-dialog";

/**
 * A URL-addressed modal (`?modal=settings`, `?checkout=success…`): the server renders it open,
 * so it works without JavaScript; "close" is a link to the same page without the query. The
 * backdrop is a plain element because a non-modal <dialog open> has no ::backdrop.
 *
 * With JavaScript (useModalDialog) the same element becomes a real modal once hydrated.
 */
export function Dialog({
  title,
  closeTo,
  children,
  role = "dialog",
  modal,
}: {
  title: React.ReactNode;
  /** The `?modal=` value that opens this dialog: focus returns to a link with it on close. */
  modal?: string;
  /** Where the close link goes (usually the current path without the modal's parameters). */
  closeTo: string;
  children: React.ReactNode;
  /** "alertdialog" for results that need attention (payment failed). */
  role?: "dialog" | "alertdialog";
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <DialogFrame
      titleId={titleId}
      title={title}
      role={role}
      modal={modal}
      close={
        <Link to={closeTo} className="dialog__close" replace data-dialog-close="">
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t("dialog.close")}</span>
        </Link>
      }
    >
      {children}
    </DialogFrame>
  );
}

/**
 * The markup every portal dialog shares: backdrop, <dialog>, heading and close control. The
 * close control (a link, or a post where closing changes state) carries `data-dialog-close`:
 * Escape activates it, so Escape does exactly what the no-JavaScript close does.
 */
export function DialogFrame({
  id,
  titleId,
  title,
  role = "dialog",
  modal,
  close,
  children,
}: {
  id?: string;
  /** The `?modal=` value that opens this dialog (for focus return when nothing else is known). */
  modal?: string;
  titleId: string;
  title: React.ReactNode;
  role?: "dialog" | "alertdialog";
  close: React.ReactNode;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, modal);
  return (
    <div className="modal">
      {/* Server and first client render agree (open, not modal); showModal() runs in an effect. */}
      <dialog ref={ref} open className="dialog" id={id} role={role} aria-labelledby={titleId}>
        <div className="dialog__head">
          <h2 id={titleId} tabIndex={-1} className="dialog__title">
            {title}
          </h2>
          {close}
        </div>
        {children}
      </dialog>
    </div>
  );
}

/** Where focus goes back to when a dialog closes. */
interface ReturnTarget {
  element: HTMLElement | null;
  /** The opener's href, or the dialog's own URL: found again if the page was re-rendered. */
  href: string | null;
  /** The dialog's `?modal=` value: a link that opens it, when it opened by itself. */
  modal: string | null;
}

/**
 * A dialog that closes while another one opens (settings → change password → back) hands its
 * return target to the next one, so focus ends where the first one was opened.
 */
let handoff: ReturnTarget | null = null;

const TABBABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type='hidden']), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]";

/** The controls Tab can reach inside the dialog, in order (visible, not tabindex=-1). */
function tabbables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest("[inert]"),
  );
}

function isShown(el: HTMLElement): boolean {
  return el.isConnected && el.getClientRects().length > 0 && !el.closest("[inert]");
}

function find(match: (href: string) => boolean): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>("[href]")) {
    const href = el.getAttribute("href");
    if (href && match(href) && !el.closest("dialog")) return el;
  }
  return null;
}

/** A link that opens the dialog `modal` (`?modal=settings`, `…&modal=pay-several&…`). */
export function opensModal(href: string, modal: string): boolean {
  const query = href.split("?")[1];
  return query !== undefined && new URLSearchParams(query.split("#")[0]).get("modal") === modal;
}

/** Focus the opener again, or the element with its href, or the summary of its closed menu. */
function restoreFocus(target: ReturnTarget) {
  const active = document.activeElement;
  // Another dialog took focus meanwhile, or the user already moved on.
  if (active && active !== document.body && active.closest("dialog")) return;
  if (active && active !== document.body && !active.closest(".modal")) return;
  const { href, modal } = target;
  let element: HTMLElement | null = target.element?.isConnected === true ? target.element : null;
  element ??= href ? find((h) => h === href) : null;
  element ??= modal ? find((h) => opensModal(h, modal)) : null;
  const menu = element?.closest("details:not([open])");
  if (menu) element = menu.querySelector<HTMLElement>("summary");
  if (element && isShown(element)) {
    element.focus();
    return;
  }
  document.getElementById("main")?.focus({ preventScroll: true });
}

/**
 * Makes a server-rendered `<dialog open>` modal once the page runs JavaScript: showModal() (the
 * rest of the page inert, the browser's ::backdrop), focus on the heading, Tab kept inside,
 * Escape = the close control, and focus back on the opener when it closes. Closing is always the
 * close control's navigation (URL and server state agree); the dialog unmounts when the page
 * without it renders, and focus returns then.
 */
export function useModalDialog(
  ref: React.RefObject<HTMLDialogElement | null>,
  modal: string | undefined,
) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog?.isConnected) return;
    const clicked = recentOpener();
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A control that is gone (the sign-in button after signing in) opened nothing of the page.
    const opener =
      (clicked?.isConnected ? clicked : null) ??
      (active && active !== document.body && !active.closest("dialog") ? active : null);
    const { pathname, search } = window.location;
    const target: ReturnTarget = handoff ?? {
      element: opener,
      // The opener's href finds it again if the page re-rendered it; without an opener, a link
      // to this very URL (a dialog opened by a plain link and a full page load).
      href: opener ? opener.getAttribute("href") : search ? `${pathname}${search}` : null,
      modal: modal ?? null,
    };
    handoff = null;

    if (!dialog.matches(":modal")) {
      // A non-modal open dialog cannot become modal in place: close, then showModal(). The
      // "close" event this queues is ignored below (the dialog is open again by then).
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    const heading = dialog.querySelector<HTMLElement>(".dialog__title");
    (heading ?? tabbables(dialog)[0])?.focus();

    let closing = false;
    function requestClose() {
      if (closing || !dialog) return;
      const control = dialog.querySelector<HTMLElement>("[data-dialog-close]");
      if (!control) return;
      closing = true;
      control.click();
      // If the close navigation was refused or failed, Escape works again.
      window.setTimeout(() => (closing = false), 2000);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (!dialog) return;
      if (event.key === "Escape") {
        // Not the browser's own close: it would hide the dialog while the URL still names it.
        event.preventDefault();
        event.stopPropagation();
        requestClose();
        return;
      }
      if (event.key !== "Tab") return;
      const items = tabbables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      const inside = current instanceof HTMLElement && dialog.contains(current);
      if (event.shiftKey && (!inside || current === first || current === heading)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    }
    function onCancel(event: Event) {
      event.preventDefault();
      requestClose();
    }
    function onClose() {
      // Closed by the browser after all (e.g. a repeated close request): follow with the URL.
      if (dialog?.isConnected && !dialog.open) requestClose();
    }
    // On the document: with focus on the page body (after a click on the backdrop) Escape and
    // Tab still reach the dialog; capture, so the layout's "Escape closes menus" comes second.
    document.addEventListener("keydown", onKeyDown, true);
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClose);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClose);
      // The page without the dialog renders in this same commit (or a dialog that replaces it
      // mounts next and takes the target): restore focus once that has happened.
      handoff = target;
      window.setTimeout(() => {
        if (handoff !== target) return;
        handoff = null;
        restoreFocus(target);
      }, 0);
    };
  }, [ref, modal]);
}
