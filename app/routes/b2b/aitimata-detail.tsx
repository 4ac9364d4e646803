import { useTranslation } from "react-i18next";
import { data, href } from "react-router";
import type { ApiRequest } from "../../../core/contract";
import { ApiError } from "../../.server/api";
import { getApi, requireDropdownMeters, requireShell } from "../../.server/shell";
import stylesHref from "../../components/requests/requests.css?url";
import { formatAddress, formatStamp, supplyNumber } from "../../domain/format";
import { formatFileSize, statusTone } from "../../domain/requests-view";
import { getInstance } from "../../middleware/i18next";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/aitimata-detail";
import { userRequest } from "../../.server/api/requests";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["requests"],
  breadcrumb: "requests:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/** The order in which a request's fields are shown (the labels are requests:fields.*). */
const FIELD_ORDER = [
  // A tariff switch's product, as bills print its name (its key is for the back office).
  "product_descr",
  "vat",
  "tax_office",
  "bill_street",
  "bill_street_no",
  "bill_postal_code",
  "bill_city",
  "contact_person",
  "contact_phone",
  "reason",
  "comments",
] as const;

/**
 * One request of the customer: its status with the explanation, what was submitted and the
 * attachment (downloaded through /b2b/aitimata/:id/file, owner only). Another customer's id or
 * an unknown one is a 404, as the API answers.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  let request: ApiRequest;
  try {
    request = await userRequest(getApi(args), shell.user.id, args.params.requestId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data({ reason: "not_found" }, { status: 404 });
    }
    throw error;
  }
  const t = getInstance(args.context).getFixedT(null, "requests");
  const meter = (await requireDropdownMeters(args)).find((m) => m.id === request.meter_id);
  const fields = FIELD_ORDER.filter((key) => request.fields[key]).map((key) => {
    const raw = request.fields[key] ?? "";
    const isReason = key === "reason" && request.kind === "cancellation";
    return {
      key,
      label: t(isReason ? "fields.cancellationReason" : `fields.${key}`),
      value: isReason ? t(`cancellation.reasons.${raw}`, { defaultValue: raw }) : raw,
    };
  });
  return data(
    {
      title: t("detail.title", { reference: request.reference }),
      sent: new URL(args.request.url).searchParams.get("sent") === "1",
      request: {
        id: request.id,
        reference: request.reference,
        kind: request.kind,
        status: request.status,
        submitted: formatStamp(request.created_at),
        supply: meter ? `${supplyNumber(meter)} · ${formatAddress(meter)}` : "-",
        file: request.file
          ? { name: request.file.name, size: formatFileSize(request.file.size) }
          : null,
      },
      fields,
    },
    { headers: NO_STORE },
  );
}

export default function RequestDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const { request, fields, sent } = loaderData;
  const tone = statusTone(request.status);
  return (
    <div className="requests">
      <div className="page-head">
        <h1>{t("detail.title", { reference: request.reference })}</h1>
      </div>
      {sent ? (
        <div className="alert alert--success" role="status">
          <h2>{t("sent.title")}</h2>
          <p>{t("sent.body", { reference: request.reference })}</p>
        </div>
      ) : null}
      <section className="card" aria-labelledby="rq-detail-fields">
        <dl className="facts">
          <dt>{t("detail.kind")}</dt>
          <dd>{t(`kind.${request.kind}`)}</dd>
          <dt>{t("detail.supply")}</dt>
          <dd>{request.supply}</dd>
          <dt>{t("detail.submitted")}</dt>
          <dd>{request.submitted}</dd>
          <dt>{t("detail.status")}</dt>
          <dd>
            <span className={tone ? `badge badge--${tone}` : "badge"}>
              {t(`status.${request.status}`)}
            </span>
            <span className="rq-status-help">{t(`statusHelp.${request.status}`)}</span>
          </dd>
        </dl>
        <h2 id="rq-detail-fields" className="card__title">
          {t("detail.fields")}
        </h2>
        <dl className="facts">
          {fields.map((field) => (
            <div key={field.key}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
          <div>
            <dt>{t("detail.file")}</dt>
            <dd>
              {request.file ? (
                <a
                  href={href("/b2b/aitimata/:requestId/file", { requestId: String(request.id) })}
                  download={request.file.name}
                >
                  {t("detail.download", { name: request.file.name })} ({request.file.size})
                </a>
              ) : (
                t("detail.noFile")
              )}
            </dd>
          </div>
        </dl>
      </section>
      <p>
        <a href={href("/b2b/aitimata")}>{t("back")}</a>
      </p>
    </div>
  );
}
