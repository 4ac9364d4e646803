import { createContext, useContext, useLayoutEffect, useRef } from "react";

/**
 * Server-rendered markup (the charts' SVG) that a page sends once.
 *
 * A loader's data is sent twice on a document request: as HTML and again as the hydration data
 * in a script. For a chart SVG that doubled the overview's HTML (bench/README.md). So on a
 * document request a loader returns only a slot key (`html: null`) and puts the SVG in the
 * request's store (app/.server/server-html.ts), which `entry.server.tsx` hands to the render
 * through `ServerHtmlProvider`; the browser keeps the server's markup while hydrating (React
 * neither compares nor replaces `dangerouslySetInnerHTML` content when hydrating). On a client
 * navigation (a `.data` request) the loader returns the markup itself.
 */
export interface HtmlSlot {
  /** Unique on the page: the chart's id. */
  key: string;
  /** The markup, or null when the document's HTML already carries it. */
  html: string | null;
}

const ServerHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);
export const ServerHtmlProvider = ServerHtmlContext.Provider;

/** Markup seen in the document while hydrating, for a later fresh mount of the same slot. */
const hydrated = new Map<string, string>();
const useIsomorphicLayoutEffect = typeof document === "undefined" ? () => {} : useLayoutEffect;

export function ServerHtml({ slot, className }: { slot: HtmlSlot; className: string }) {
  const store = useContext(ServerHtmlContext);
  const ref = useRef<HTMLDivElement>(null);
  const html = slot.html ?? store?.get(slot.key) ?? hydrated.get(slot.key) ?? "";
  useIsomorphicLayoutEffect(() => {
    const markup = ref.current?.innerHTML;
    if (slot.html === null && markup) hydrated.set(slot.key, markup);
  }, [slot.key, slot.html]);
  return (
    <div
      ref={ref}
      className={className}
      data-slot={slot.key}
      // Our own server renderer's SVG, never user input (app/.server/charts.server.tsx).
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
