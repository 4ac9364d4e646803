import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { requireIntermediateUser } from "../.server/guards";
import { PublicHeader } from "../components/PublicHeader";
import { formatAddress, supplyNumber } from "../domain/format";
import { isIntermediateMeterStatus } from "../../core/meter-status";
import { applicationTracking, INTERMEDIATE_STEP_COUNT, progressLabel } from "../domain/meters";
import { getInstance } from "../middleware/i18next";
import type { Route } from "./+types/intermediate";

/**
 * /intermediate: for customers whose supplies are still being set up (only onboarding meters).
 * Outside the b2b layout on purpose: none of the signed-in pages apply yet. One tracker of four
 * steps per application; the state of each step is given as text too, for screen readers.
 */
export const handle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  const { user, meters } = await requireIntermediateUser(args);
  return {
    title: getInstance(args.context).t("auth:intermediate.title"),
    name: user.welcome_name || user.name,
    applications: meters
      .filter((m) => isIntermediateMeterStatus(m.status))
      .map((m) => ({
        id: m.id,
        status: m.status,
        supplyNumber: supplyNumber(m),
        address: formatAddress(m),
        tracking: applicationTracking(m.status),
      })),
  };
}

export default function Intermediate({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("auth");
  const location = useLocation();
  const other = i18n.language === "en" ? "el" : "en";
  const { name, applications } = loaderData;
  return (
    <div className="public">
      <PublicHeader home="/intermediate" navLabel={t("intermediate.title")}>
        <Link
          to={`${location.pathname}?lng=${other}`}
          lang={other}
          aria-label={t("language.switchLabel")}
        >
          {t("language.switch")}
        </Link>
        <form method="post" action="/logout">
          <button type="submit" className="btn btn--secondary btn--small">
            {t("intermediate.logout")}
          </button>
        </form>
      </PublicHeader>
      <main id="main" tabIndex={-1} className="public-main">
        <h1>{t("intermediate.heading")}</h1>
        <p>{t("intermediate.welcome", { name })}</p>
        <p>{t("intermediate.intro")}</p>
        <p className="alert">{t("intermediate.received")}</p>
        {applications.length === 0 ? <p>{t("intermediate.none")}</p> : null}
        {applications.map((application) => {
          const { tracking } = application;
          const headingId = `application-${application.id}`;
          return (
            <section key={application.id} className="card" aria-labelledby={headingId}>
              <h2 id={headingId} className="card__title">
                {t("intermediate.supply", { number: application.supplyNumber })}
              </h2>
              <p>
                {t("intermediate.address")}: {application.address}
              </p>
              <p>
                {t("intermediate.stepOf", {
                  current: tracking.current,
                  total: INTERMEDIATE_STEP_COUNT,
                })}
                {": "}
                <strong>{t(`tracking.${progressLabel(tracking.current)}`)}</strong>
              </p>
              <ol className="steps">
                {tracking.steps.map((step) => {
                  const problemHere = tracking.problem && step.state === "current";
                  const className = `step step--${step.state}${problemHere ? " step--problem" : ""}`;
                  return (
                    <li
                      key={step.label}
                      className={className}
                      aria-current={step.state === "current" ? "step" : undefined}
                    >
                      {t(`tracking.${step.label}`)}
                      <span className="visually-hidden">
                        {" "}
                        ({t(`intermediate.state.${step.state}`)}
                        {problemHere ? `, ${t("intermediate.problem")}` : ""})
                      </span>
                    </li>
                  );
                })}
              </ol>
              {tracking.problem ? (
                <div className="alert alert--warning" role="note">
                  <p>{t("intermediate.problem")}</p>
                  <p>{t("tracking.contact_nrg")}</p>
                </div>
              ) : null}
            </section>
          );
        })}
      </main>
    </div>
  );
}
