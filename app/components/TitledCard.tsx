import type { ReactNode } from "react";

/**
 * A card named by its heading (a section.card labelled by its h2.card__title): how a page is
 * divided into parts that a screen reader lists as regions.
 */
export function TitledCard({
  id,
  title,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
