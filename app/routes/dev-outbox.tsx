import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { getApi } from "../.server/api";
import { outbox } from "../.server/api/dev";
import { PublicLayout } from "../components/PublicLayout";
import { cloudflareContext } from "../context";
import { formatStamp } from "../domain/format";
import { getInstance } from "../middleware/i18next";
import type { Route } from "./+types/dev-outbox";
import { isProduction } from "../../core/environment";
import { TableHead } from "../components/TableHead";

/**
 * /dev/outbox: what the portal "sent" (activation and reset links, codes), so a person or a test
 * can follow them locally, with each message's delivery status (issue #34). Never in production (404 there, and the API refuses too).
 */
export const handle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  const { env } = args.context.get(cloudflareContext);
  if (isProduction(env)) throw data(null, { status: 404 });
  const result = await outbox(getApi(args));
  return {
    title: getInstance(args.context).t("auth:outbox.title"),
    rows: result.ok ? result.data : [],
    failed: !result.ok,
  };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { rows, failed } = loaderData;
  return (
    <PublicLayout>
      <h1>{t("outbox.heading")}</h1>
      <p>{t("outbox.intro")}</p>
      {failed ? (
        <div className="alert alert--error" role="alert">
          <p>{t("outbox.error")}</p>
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p>{t("outbox.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("outbox.heading")}</caption>
            <TableHead
              columns={[
                { label: t("outbox.time") },
                { label: t("outbox.channel") },
                { label: t("outbox.recipient") },
                { label: t("outbox.subject") },
                { label: t("outbox.body") },
                { label: t("outbox.link") },
                { label: t("outbox.status") },
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="nowrap">{formatStamp(row.created_at)}</td>
                  <td>{row.channel}</td>
                  <td>{row.recipient}</td>
                  <td>{row.subject}</td>
                  <td>{row.body}</td>
                  <td>{row.link ? <a href={row.link}>{row.link}</a> : "-"}</td>
                  <td data-status={row.status}>
                    {t(`outbox.statuses.${row.status}`)}
                    {row.template ? <> · {row.template}</> : null}
                    {" · "}
                    {t("outbox.attempts", { count: row.attempts })}
                    {row.error ? <> · {row.error}</> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PublicLayout>
  );
}
