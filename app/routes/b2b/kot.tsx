import { useTranslation } from "react-i18next";
import { data, Form, href, redirect } from "react-router";
import type { ApiSocialTariff } from "../../../core/contract";
import { getApi } from "../../.server/api";
import { dismissSocialTariffCard, getSocialTariff } from "../../.server/api/hardship";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { pageCache } from "../../.server/page-cache";
import { requireShell } from "../../.server/shell";
import stylesHref from "../../components/hardship/hardship.css?url";
import { TitledCard } from "../../components/TitledCard";
import { formatDate, formatInteger, supplyNumber } from "../../domain/format";
import { formatRate } from "../../domain/forecast-view";
import { sidebarAllows } from "../../domain/sidebar";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/kot";

export const handle: RouteHandle = {
  i18n: ["hardship"],
  title: "hardship:kot.title",
  breadcrumb: "hardship:kot.title",
};

/** The GET only reads. */
export const middleware: Route.MiddlewareFunction[] = [pageCache];

export const headers = noStoreHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PATH = "/b2b/kot";

/** The selected supply, when the page is for it (a household's Active electricity supply). */
async function kotSupply(args: Route.LoaderArgs | Route.ActionArgs) {
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  const input = { meter, role: shell.user.test_role, legalPerson: shell.user.is_legal_person };
  if (!sidebarAllows("socialTariff", input)) throw redirect(href("/b2b/episkopisi"));
  return { shell, meter };
}

/**
 * The social residential tariff (ΚΟΤ, #38 §2) of the selected electricity supply: its category,
 * the period the state's approval covers and when and where to renew it, and the four-month
 * consumption cap with its progress from the supply's bills. Without ΚΟΤ: who is entitled and how
 * to apply, as a card the person may close for good (remembered per person, so it stays closed
 * without JavaScript and on every device); nothing personal is asked.
 */
export async function loader(args: Route.LoaderArgs) {
  const { meter } = await kotSupply(args);
  const found = await getSocialTariff(getApi(args), meter.id);
  if (!found.ok) throw data({ reason: "unavailable" }, { status: 503 });
  return data({ supply: supplyNumber(meter), kot: found.data }, { headers: NO_STORE });
}

/** The one post of the page: close the card (intent "dismiss"). */
export async function action(args: Route.ActionArgs) {
  await kotSupply(args);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "dismiss") {
    return data({ formError: "hardship:kot.errors.failed" }, { status: 400, headers: NO_STORE });
  }
  const done = await dismissSocialTariffCard(getApi(args));
  if (!done.ok) {
    return data({ formError: "hardship:kot.errors.failed" }, { status: 502, headers: NO_STORE });
  }
  getSession(args.context).flash("toast", { type: "success", key: "hardship:kot.card.dismissed" });
  throw redirect(href(PATH), { status: 303, headers: NO_STORE });
}

export default function SocialTariff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("hardship");
  const { supply, kot } = loaderData;
  return (
    <div className="hardship">
      <div className="page-head">
        <h1>{t("kot.title")}</h1>
      </div>
      {actionData?.formError ? (
        <div className="alert alert--error" role="alert">
          <p>{t(actionData.formError)}</p>
        </div>
      ) : null}
      {kot.tariff ? (
        <>
          <p>{t("kot.intro", { supply })}</p>
          <TariffCard tariff={kot.tariff} url={kot.application_url} />
          {kot.progress ? <CapCard progress={kot.progress} /> : null}
        </>
      ) : (
        <>
          <p>{t("kot.none.line", { supply })}</p>
          {kot.card_dismissed ? (
            <p>
              {t("kot.none.apply")} <PortalLink url={kot.application_url} />
            </p>
          ) : (
            <EntitledCard url={kot.application_url} />
          )}
        </>
      )}
      <p>
        <a href={href("/b2b/episkopisi")}>{t("kot.back")}</a>
      </p>
    </div>
  );
}

function PortalLink({ url }: { url: string }) {
  const { t } = useTranslation("hardship");
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {t("kot.tariff.portal")}
    </a>
  );
}

function TariffCard({
  tariff,
  url,
}: {
  tariff: NonNullable<ApiSocialTariff["tariff"]>;
  url: string;
}) {
  const { t } = useTranslation("hardship");
  const to = formatDate(tariff.valid_to);
  return (
    <TitledCard id="kot-tariff-title" title={t("kot.tariff.title")}>
      <dl className="facts">
        <dt>{t("kot.tariff.category")}</dt>
        <dd>{t(`kot.tariff.categories.${tariff.category}`)}</dd>
        <dt>{t("kot.tariff.household")}</dt>
        <dd>{tariff.household_size}</dd>
        <dt>{t("kot.tariff.valid")}</dt>
        <dd>{t("kot.tariff.validRange", { from: formatDate(tariff.valid_from), to })}</dd>
        <dt>{t("kot.tariff.discount")}</dt>
        <dd>{t("kot.tariff.discountValue", { amount: formatRate(tariff.discount_per_kwh) })}</dd>
      </dl>
      <p className={tariff.renewal === "not_yet" ? undefined : "alert alert--warning"}>
        {t(`kot.tariff.renew.${tariff.renewal}`, { to })} <PortalLink url={url} />
      </p>
    </TitledCard>
  );
}

function CapCard({ progress }: { progress: NonNullable<ApiSocialTariff["progress"]> }) {
  const { t } = useTranslation("hardship");
  const to = formatDate(progress.period_to);
  const label = t("kot.cap.label", { from: formatDate(progress.period_from), to });
  const text = t("kot.cap.progress", {
    used: formatInteger(progress.used_kwh),
    cap: formatInteger(progress.cap_kwh),
  });
  return (
    <TitledCard id="kot-cap-title" title={t("kot.cap.title")}>
      <label htmlFor="kot-cap-meter" className="kot-cap__label">
        {label}
      </label>
      {/* The bar fills up to the cap; past it the whole bar is the warning colour. */}
      <meter
        id="kot-cap-meter"
        className="kot-cap__meter"
        min={0}
        max={progress.cap_kwh}
        low={Math.round(progress.cap_kwh * 0.8)}
        high={progress.cap_kwh}
        optimum={0}
        value={Math.min(progress.used_kwh, progress.cap_kwh)}
        aria-describedby="kot-cap-text"
      >
        {text}
      </meter>
      <p id="kot-cap-text" className="kot-cap__text">
        <strong>{text}</strong>
      </p>
      <p className={progress.over ? "alert alert--warning" : undefined}>
        {progress.over
          ? t("kot.cap.over", { to })
          : t("kot.cap.remaining", { remaining: formatInteger(progress.remaining_kwh), to })}
      </p>
      <p className="muted">{t("kot.cap.basis")}</p>
    </TitledCard>
  );
}

function EntitledCard({ url }: { url: string }) {
  const { t } = useTranslation("hardship");
  return (
    <TitledCard id="kot-card-title" title={t("kot.card.title")}>
      <p>{t("kot.card.who")}</p>
      <p>
        {t("kot.card.how")} <PortalLink url={url} />
      </p>
      <p className="muted">{t("kot.card.noData")}</p>
      <Form method="post" className="actions">
        <button type="submit" name="intent" value="dismiss" className="btn btn--secondary">
          {t("kot.card.dismiss")}
        </button>
      </Form>
    </TitledCard>
  );
}
