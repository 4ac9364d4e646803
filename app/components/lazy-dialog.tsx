import { lazy, Suspense, type ComponentType } from "react";
import "./dialog.css";

/**
 * A URL-addressed dialog whose code is fetched only when it is shown (a first page
 * load ships no code for dialogs it does not open). The server waits for lazy components before
 * it sends the page (app/entry.server.tsx), so the dialog is in the HTML and works without
 * JavaScript; during hydration React keeps that HTML until the chunk has arrived. Opened later
 * in the browser, the dialog appears once its chunk is loaded: it is an overlay, so nothing
 * shifts meanwhile.
 *
 * This module is in every page's first load (the root's checkout slot imports it), which is why
 * the dialogs' stylesheet and the opener tracking below live here and not in Dialog.tsx.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

/** How long after a click its control still counts as the opener of a dialog that mounts. */
const OPENER_WINDOW_MS = 10_000;

let lastActivated: { element: HTMLElement; at: number } | null = null;

// A dialog mounts after a navigation and, the first time, after its chunk loads: by then focus
// may have left the control that opened it (a drop-down menu closes on navigation). Remember the
// last link or button the user activated (a click, or Enter/Space, which also fire "click").
if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const control = target?.closest<HTMLElement>("a[href], button, summary");
      if (control) lastActivated = { element: control, at: Date.now() };
    },
    true,
  );
}

/** The control that opened a dialog mounting now (outside any dialog), if the user opened it. */
export function recentOpener(): HTMLElement | null {
  if (!lastActivated || Date.now() - lastActivated.at > OPENER_WINDOW_MS) return null;
  const { element } = lastActivated;
  lastActivated = null;
  return element.closest("dialog") ? null : element;
}
