import { data } from "react-router";
import { PublicLayout } from "../components/PublicLayout";
import { translate, translatedContent } from "../.server/content";
import { formatDate } from "../domain/format";
import type { Route } from "./+types/static-page";

/** The five legal pages share this module; the route id (= path) picks the content. */
export const STATIC_PAGES = [
  "cookies-policy",
  "terms",
  "direct-debit-terms",
  "ebill-terms",
  "payment-terms",
] as const;
export type StaticPageId = (typeof STATIC_PAGES)[number];

/** When the texts were last reviewed (shown on every page). */
const LAST_UPDATED = "2026-10-01";

interface PageContent {
  title: string;
  intro: string;
  sections: { heading: string; body: string[] }[];
}

function pageIdFrom(request: Request): StaticPageId | null {
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/+|\/+$/g, "");
  return (STATIC_PAGES as readonly string[]).includes(path) ? (path as StaticPageId) : null;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const id = pageIdFrom(request);
  if (!id) throw data(null, { status: 404 });
  const page = translatedContent<PageContent>(context, `static:pages.${id}`);
  return {
    id,
    title: page.title,
    page,
    updated: translate(context, "static:updated", { date: formatDate(LAST_UPDATED) }),
    contents: translate(context, "static:contents"),
  };
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { id, page, updated, contents } = loaderData;
  const anchor = (index: number) => `${id}-${index + 1}`;
  return (
    <PublicLayout>
      <article className="prose card">
        <h1>{page.title}</h1>
        <p className="muted">{updated}</p>
        <p>{page.intro}</p>
        {page.sections.length > 3 ? (
          <nav aria-label={contents}>
            <h2 className="card__title">{contents}</h2>
            <ul className="toc">
              {page.sections.map((section, index) => (
                <li key={anchor(index)}>
                  <a href={`#${anchor(index)}`}>{section.heading}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {page.sections.map((section, index) => (
          <section key={anchor(index)} aria-labelledby={anchor(index)}>
            <h2 id={anchor(index)}>{section.heading}</h2>
            {section.body.map((paragraph, p) => (
              <p key={p}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
