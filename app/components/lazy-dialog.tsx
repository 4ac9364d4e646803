import { lazy, Suspense, type ComponentType } from "react";

/**
 * A URL-addressed dialog whose code is fetched only when it is shown (issue #8: a first page
 * load ships no code for dialogs it does not open). The server waits for lazy components before
 * it sends the page (app/entry.server.tsx), so the dialog is in the HTML and works without
 * JavaScript; during hydration React keeps that HTML until the chunk has arrived. Opened later
 * in the browser, the dialog appears once its chunk is loaded: it is an overlay, so nothing
 * shifts meanwhile.
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
