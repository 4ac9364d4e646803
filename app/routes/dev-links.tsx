import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { getApi } from "../.server/api";
import stylesHref from "../components/all-smart.css?url";
import { PublicLayout } from "../components/PublicLayout";
import { cloudflareContext } from "../context";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/dev-links";
import { isProduction } from "../../core/environment";
import { demoLinks } from "../.server/api/all-smart";
import { noStoreHeaders } from "../.server/no-store";

/**
 * Local development only: signed demo links for /all-smart, /change-address and /mymarket (valid
 * and expired), made by the API with the running Worker's LINK_SECRET. 404 in production.
 */
export const handle: RouteHandle = { i18n: ["allSmart"], title: "allSmart:devLinks.title" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { env } = args.context.get(cloudflareContext);
  if (isProduction(env)) throw data(null, { status: 404 });
  const result = await demoLinks(getApi(args));
  if (!result.ok) throw data(null, { status: result.status === 404 ? 404 : 502 });
  return { links: result.data };
}

export default function DevLinks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("allSmart");
  return (
    <PublicLayout>
      <h1>{t("devLinks.title")}</h1>
      <p>{t("devLinks.intro")}</p>
      <table className="table dev-links">
        <thead>
          <tr>
            <th scope="col">{t("devLinks.purpose")}</th>
            <th scope="col">{t("devLinks.label")}</th>
            <th scope="col">{t("devLinks.link")}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.links.map((link) => (
            <tr key={link.path}>
              <td>/{link.purpose}</td>
              <td>
                <a href={link.path}>{link.label}</a>
              </td>
              <td>
                <code>{link.path}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </PublicLayout>
  );
}
