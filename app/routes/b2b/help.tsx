import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireShell } from "../../.server/shell";
import { translatedContent } from "../../components/content.server";
import { CUSTOMER_SERVICE_PHONE } from "../../components/Footer";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/help";

export const handle: RouteHandle = { breadcrumb: "shell:nav.help" };

interface Faq {
  title: string;
  intro: string;
  items: { q: string; a: string }[];
  more: string;
  contact: string;
  instructions: string;
}

export async function loader(args: Route.LoaderArgs) {
  await requireShell(args);
  const faq = translatedContent<Faq>(args.context, "static:faq");
  return { title: faq.title, faq };
}

/** FAQ as <details> accordions: open and close without JavaScript. */
export default function Help({ loaderData }: Route.ComponentProps) {
  const { faq } = loaderData;
  const { t } = useTranslation("shell");
  return (
    <>
      <h1>{faq.title}</h1>
      <p>{faq.intro}</p>
      <div className="prose">
        {faq.items.map((item, index) => (
          <details key={index} className="accordion" id={`faq-${index + 1}`}>
            <summary>{item.q}</summary>
            <div className="accordion__body">
              <p>{item.a}</p>
            </div>
          </details>
        ))}
      </div>
      <section className="card" aria-labelledby="faq-more">
        <h2 id="faq-more" className="card__title">
          {faq.more}
        </h2>
        <div className="actions">
          <Link className="btn" to="/contact">
            {faq.contact}
          </Link>
          <a className="btn btn--secondary" href={`tel:${CUSTOMER_SERVICE_PHONE}`}>
            {CUSTOMER_SERVICE_PHONE}
          </a>
          <Link to="/instructions">{t("nav.instructions")}</Link>
        </div>
      </section>
    </>
  );
}
