import type { ReactNode } from "react";

/**
 * A table that may be wider than the screen, in a region that scrolls sideways on its own: named
 * by the table's caption and focusable, so a keyboard user can scroll it too (axe
 * scrollable-region-focusable) and a screen reader lists it by what it holds. The one way the
 * portal writes such a table; `children` are its head, body and foot.
 */
export function TableRegion({
  id,
  caption,
  captionHidden = false,
  className,
  wrapClassName,
  children,
}: {
  /** The caption's id is `${id}-caption`: it names the region. */
  id: string;
  caption: ReactNode;
  /** A caption for assistive technology only, where a heading above already says it on screen. */
  captionHidden?: boolean;
  /** The table's classes, e.g. "table table--compact table--stack". */
  className: string;
  /** Classes besides "table-wrap" on the scrolling region. */
  wrapClassName?: string;
  children: ReactNode;
}) {
  const captionId = `${id}-caption`;
  return (
    <div
      className={wrapClassName ? `table-wrap ${wrapClassName}` : "table-wrap"}
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      <table className={className}>
        <caption id={captionId} className={captionHidden ? "visually-hidden" : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
