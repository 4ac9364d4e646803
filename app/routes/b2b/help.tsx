import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { requireShell } from "../../.server/shell";
import { translatedContent } from "../../.server/content";
import { CUSTOMER_SERVICE_PHONE } from "../../components/Footer";
import { PlainField } from "../../components/form/PlainField";
import { countItems, MAX_QUERY_LENGTH, searchFaq, type FaqTopic } from "../../domain/help";
import type { RouteHandle } from "../../root";
import stylesHref from "../../components/pages/pages.css?url";
import type { Route } from "./+types/help";
import { TitledCard } from "../../components/TitledCard";

export const handle: RouteHandle = {
  i18n: ["help"],
  title: "help:title",
  breadcrumb: "shell:nav.help",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

/**
 * Help and FAQ (spec §2 help): questions grouped by topic, searched through the URL
 * (`?q=`, accents and case ignored), as <details> so they open without JavaScript; customer
 * service 18101 and the contact form. The FAQ text lives in locales/{el,en}/help.json: it is
 * static, reviewed together with its translation (the key-parity test keeps both languages
 * complete), and ships with the code that links to it; D1 would need an editing tool we don't have.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireShell(args);
  const query = (new URL(args.request.url).searchParams.get("q") ?? "")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
  const topics = translatedContent<FaqTopic[]>(args.context, "help:faq.topics");
  const found = searchFaq(topics, query);
  return { query, topics: found, count: countItems(found) };
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("help");
  const { query, topics, count } = loaderData;
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p>{t("intro")}</p>

      <Form method="get" role="search" className="form help-search" aria-label={t("search.label")}>
        <PlainField id="faq-q" label={t("search.label")} hint={t("search.hint")}>
          <div className="help-search__row">
            <input
              id="faq-q"
              className="field__input"
              type="search"
              name="q"
              defaultValue={query}
              maxLength={MAX_QUERY_LENGTH}
              aria-describedby="faq-q-hint"
              key={query}
            />
            <button type="submit" className="btn">
              {t("search.submit")}
            </button>
          </div>
        </PlainField>
      </Form>

      {query ? (
        <div
          className={count > 0 ? "alert" : "alert alert--warning"}
          role="status"
          id="faq-results"
        >
          <p>
            {count > 0 ? t("search.results", { count, query }) : t("search.none", { query })}{" "}
            <Link to=".">{t("search.clear")}</Link>
          </p>
        </div>
      ) : null}

      {topics.map((topic) => (
        <section key={topic.id} className="help-topic" aria-labelledby={`topic-${topic.id}`}>
          <h2 id={`topic-${topic.id}`}>{topic.title}</h2>
          <div className="prose">
            {topic.items.map((item, index) => (
              <details
                key={`${topic.id}-${index}`}
                className="accordion"
                id={`faq-${topic.id}-${index + 1}`}
                open={query ? true : undefined}
              >
                <summary>{item.q}</summary>
                <div className="accordion__body">
                  <p>{item.a}</p>
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <TitledCard id="help-contact" title={t("contact.title")}>
        <p>
          {t("contact.phone")}:{" "}
          <a className="footer__phone" href={`tel:${CUSTOMER_SERVICE_PHONE}`}>
            {CUSTOMER_SERVICE_PHONE}
          </a>
          <br />
          <span className="muted">{t("contact.phoneHours")}</span>
        </p>
        <p>{t("contact.formIntro")}</p>
        <div className="actions">
          <Link className="btn" to="/contact">
            {t("contact.form")}
          </Link>
          <Link className="btn btn--secondary" to="/instructions">
            {t("contact.instructions")}
          </Link>
        </div>
      </TitledCard>
    </>
  );
}
