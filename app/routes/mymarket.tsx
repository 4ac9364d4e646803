import { useTranslation } from "react-i18next";
import { data } from "react-router";
import stylesHref from "../components/all-smart.css?url";
import { PublicLayout } from "../components/PublicLayout";
import { getInstance } from "../middleware/i18next";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/mymarket";
import { NO_STORE, verifyLink } from "../.server/hash-links";
import { myMarketLink } from "../.server/api/all-smart";

/**
 * /mymarket/{hash} (spec §2): the partner offers of the customer the signed link names, picked
 * by their supplies and allSmart card. Without a valid hash: "/" (spec §2).
 */
export const handle: RouteHandle = { i18n: ["allSmart"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function headers() {
  return NO_STORE;
}

export async function loader(args: Route.LoaderArgs) {
  const { link: market } = await verifyLink(args, "allSmart", myMarketLink);
  const t = getInstance(args.context).t;
  return data({ market, title: t("allSmart:mymarket.title") }, { headers: NO_STORE });
}

export default function MyMarket({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("allSmart");
  const { market } = loaderData;
  return (
    <PublicLayout>
      <h1>{t("mymarket.title")}</h1>
      <section className="card">
        <p>{t("mymarket.intro", { name: market.name })}</p>
        <p>
          {market.card_last4
            ? t("mymarket.card", { last4: market.card_last4 })
            : t("mymarket.noCard")}
        </p>
      </section>
      <section aria-labelledby="offers-title">
        <h2 id="offers-title">{t("mymarket.offersLabel")}</h2>
        <ul className="offers">
          {market.offers.map((id) => (
            <li key={id} className="card">
              <h3>{t(`mymarket.offers.${id}.title`)}</h3>
              <p>{t(`mymarket.offers.${id}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  );
}
