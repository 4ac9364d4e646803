import { pageCache } from "../../.server/page-cache";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, href, redirect } from "react-router";
import type { ApiMeter, ApiReading } from "../../../core/contract";
import { requireActiveUser } from "../../.server/guards";
import { requirePermission } from "../../.server/permission";
import { getApi, requirePageVisible, requireShell } from "../../.server/shell";
import { htmlSlots } from "../../.server/server-html";
import { renderConsumptionChart } from "../../.server/readings-chart";
import { ConsumptionChart } from "../../components/readings/ConsumptionChart";
import { LastReadings } from "../../components/readings/LastReadings";
import { ReadingForm, type ReadingActionData } from "../../components/readings/ReadingForm";
import { ReadingHistory } from "../../components/readings/ReadingHistory";
import stylesHref from "../../components/readings/readings.css?url";
import {
  formatAddress,
  formatDate,
  formatInteger,
  formatTime,
  supplyNumber,
} from "../../domain/format";
import { dropdownMeters } from "../../domain/meters";
import {
  canSubmitNow,
  consumptionPeriods,
  groupSource,
  historyRows,
  pageOf,
  readingFormSchema,
  readPaging,
} from "../../domain/readings";
import {
  canSubmitReadings,
  clientSendsOn,
  correctableReading,
  hasNightRegister,
  indicationState,
  lastReadings,
  nextOperatorReading,
  previousOperatorReading,
  previousValue,
  readingWarnings,
  withoutReading,
  type ReadingGroup,
  type Register,
} from "../../../core/readings";
import { getInstance } from "../../middleware/i18next";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/kataxorisi";
import { athensToday } from "../../../core/dates";
import { correctReading, meterReadings, sendReading } from "../../.server/api/readings";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { TitledCard } from "../../components/TitledCard";
import { StaleNotice } from "../../components/sources/FigureSources";
import { readingStaleness } from "../../../core/figure-sources";
import { formKey, postedFormKey } from "../../.server/form-key";

export const handle: RouteHandle = {
  i18n: ["readings", "forms", "sources.reading", "sources.stale", "sources.chart"],
  title: "readings:title",
  breadcrumb: "readings:title",
};

/** The GET only reads: a repeat view with unchanged data is served from the page cache. */
export const middleware: Route.MiddlewareFunction[] = [pageCache];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PAGE = "/b2b/kataxorisi";
export const headers = noStoreHeaders;

const groupValues = (group: ReadingGroup<ApiReading> | null) =>
  group
    ? {
        date: group.date,
        day: group.day?.value ?? null,
        night: group.night?.value ?? null,
        source: groupSource(group),
      }
    : null;

/**
 * Meter reading (spec §2 kataxorisi): the selected electricity supply's reading period, its last
 * readings with the network operator's previous and next ones, the form, the full history (paged
 * in the URL) and a consumption chart drawn on the server. Gas, B1/G22 and voltage 02/03 supplies
 * are sent to the overview (page-visibility guard). One API call beyond the shell.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  // A viewer (#38 §4) only looks: the 403 page names who sends the readings.
  requirePermission(shell.user, "submit_reading");
  const meter = shell.selectedMeter;
  requirePageVisible(meter);
  // Only electricity (division 1: any other division is gas) in a normal status has readings.
  if (!canSubmitReadings(meter) || (meter.status !== "Active" && meter.status !== "Stopped")) {
    throw redirect(href("/b2b/episkopisi"));
  }

  const readings = await meterReadings(getApi(args), shell.user.id, meter.id);
  const today = athensToday();
  const url = new URL(args.request.url);
  const last = lastReadings(readings);
  const reference = last?.date ?? today;
  const next = nextOperatorReading(readings, reference);
  const rows = historyRows(readings);
  const paging = readPaging(url.searchParams, rows.length);
  const periods = consumptionPeriods(readings);
  const t = getInstance(args.context).getFixedT(null, "readings");
  const chart = renderConsumptionChart(periods, {
    title: t("chart.title"),
    day: t("day"),
    night: t("night"),
  });

  const saved = url.searchParams.get("saved");
  const hasNight = hasNightRegister(meter, readings);
  const period = indicationState(meter, today);
  const canSubmit = canSubmitNow(meter, today);
  // The customer's own latest reading of the open period can be corrected ("correct my reading").
  const target = canSubmit ? correctableReading(readings, period) : null;
  const before = target ? withoutReading(readings, target) : readings;
  // A second reading of the same (Athens) day replaces the first: said before it is sent, and in
  // the confirmation after (#35 §7).
  const sentToday = clientSendsOn(readings, today);
  const savedSends = saved === today ? sentToday : [];
  return data(
    {
      meter: {
        id: meter.id,
        number: supplyNumber(meter),
        address: formatAddress(meter),
        active: meter.status === "Active",
      },
      hasNight,
      period,
      canSubmit,
      correctable: target
        ? {
            readingId: target.ids[0] as number,
            date: target.date,
            day: target.day?.value ?? null,
            night: target.night?.value ?? null,
            // The values the correction must exceed: the readings before the one it replaces.
            previous: { day: previousValue(before, "day"), night: previousValue(before, "night") },
          }
        : null,
      correcting: Boolean(target) && url.searchParams.get("correct") === "1",
      /** The time (Athens, HH:mm) of today's reading a new one would replace, else null. */
      replaces: sentToday.length > 0 ? formatTime(sentToday.at(-1)) : null,
      last: last
        ? {
            date: last.date,
            day: last.day?.value ?? null,
            night: last.night?.value ?? null,
            registeredBy: last.registeredBy,
            source: groupSource(last),
          }
        : null,
      previousOperator: groupValues(previousOperatorReading(readings, reference)),
      nextOperator: groupValues(next),
      nextReadingDate: next ? null : meter.next_reading_date,
      previous: { day: previousValue(readings, "day"), night: previousValue(readings, "night") },
      // The confirmation after Post/Redirect/Get: only if the last reading is really that one.
      saved:
        saved && last && last.date === saved && last.registeredBy === "client"
          ? {
              ...groupValues(last),
              corrected: url.searchParams.get("corrected") === "1",
              // The reading of today this one replaced (sent before it), else null.
              replaced: savedSends.length > 1 ? formatTime(savedSends.at(-2)) : null,
            }
          : null,
      history: { rows: pageOf(rows, paging), paging },
      periods,
      chart: htmlSlots(args.context, chart),
      stale: readingStaleness(meter, today),
      formKey: formKey(args.context),
    },
    { headers: NO_STORE },
  );
}

/** Every answer of the action has the same shape, so the page can read any of its fields. */
const reply = (body: ReadingActionData, status: number) =>
  data<ReadingActionData>(body, { status });

function selectedFormMeter(meters: ApiMeter[], formData: FormData): ApiMeter | undefined {
  const id = Number(formData.get("meter_id"));
  return dropdownMeters(meters).find((m) => m.id === id);
}

/**
 * Submitting a reading. The form's schema (shared with the browser) checks the values against the
 * readings as they are now; the API checks everything again at save time (period, previous
 * values, plausibility) and its answer decides. A "far higher" value comes back as a warning with
 * the values kept and a confirmation checkbox; the confirmation counts only for the same values.
 */
export async function action(args: Route.ActionArgs) {
  const { meters, api, userId, user } = await requireActiveUser(args);
  // A forged post of a viewer: the same 403 page (the API refuses it too: not_permitted).
  requirePermission(user, "submit_reading");
  const formData = await args.request.formData();
  const meter = selectedFormMeter(meters, formData);
  if (!meter) {
    return data({ formError: "readings:errors.notFound" }, 404);
  }
  requirePageVisible(meter);
  if (!canSubmitReadings(meter)) throw redirect(href("/b2b/episkopisi"), 303);

  const readings = await meterReadings(api, userId, meter.id);
  const today = athensToday();
  const correcting = formData.get("intent") === "correct";
  // A form with its key (core/idempotency.ts) may be one sent before (a double post, a reading
  // replayed from the browser's queue): only the API knows, and its answer decides. The checks
  // against the readings as they are now would refuse the replay of a reading already saved.
  const key = postedFormKey(formData);
  const found = correcting ? correctableReading(readings, indicationState(meter, today)) : null;
  // The reading the form means is no longer the customer's latest of an open period.
  const stale =
    correcting && !key && (!found || String(found.ids[0]) !== formData.get("reading_id"));
  const target = found && String(found.ids[0]) === formData.get("reading_id") ? found : null;
  // A correction is judged against the readings before the one it replaces.
  const before = target ? withoutReading(readings, target) : readings;
  const hasNight = hasNightRegister(meter, readings);
  const previous = { day: previousValue(before, "day"), night: previousValue(before, "night") };
  const strict = parseWithZod(formData, { schema: readingFormSchema({ hasNight, previous }) });
  const submission = key
    ? parseWithZod(formData, {
        schema: readingFormSchema({ hasNight, previous: { day: null, night: null } }),
      })
    : strict;
  if (stale) {
    return reply({ result: submission.reply(), formError: "readings:errors.notCorrectable" }, 400);
  }
  if (submission.status !== "success") {
    // A form that fails on its own (an empty or non-numeric field) was never sent before: it
    // gets every error at once, "not above the previous reading" too.
    return reply({ result: strict.reply() }, 400);
  }
  const { day, night } = submission.value;
  const valuesKey = `${day}:${night ?? ""}`;
  const confirmed = submission.value.confirm === true && formData.get("warned") === valuesKey;

  const body = {
    meter_id: meter.id,
    day,
    night: night ?? null,
    confirm: confirmed,
    idempotency_key: key,
  };
  // A correction names the row it replaces: the one found, or (with a key) the one the form
  // named, for the API to answer with its first answer or refuse as no longer correctable.
  const readingId = target?.ids[0] ?? (correcting ? submission.value.reading_id : undefined);
  const saved = correcting
    ? await correctReading(api, { ...body, reading_id: readingId })
    : await sendReading(api, body);
  if (saved.ok) {
    const corrected = correcting ? "&corrected=1" : "";
    throw redirect(`${href(PAGE)}?saved=${saved.data.date_ins}${corrected}#saved`, 303);
  }

  const field: Register = saved.field === "night" ? "night" : "day";
  switch (saved.code) {
    case "reading_implausible": {
      // Every suspicious register with its real ratio, by the API's own rule (shared code); the
      // API's answer names at least the first, kept if the clocks disagree about "today".
      const values: { register: Register; value: number }[] = [{ register: "day", value: day }];
      if (night !== undefined) values.push({ register: "night", value: night });
      const found = readingWarnings(before, values, today);
      const reason = saved.message === "decimal" ? "decimal" : "high";
      return reply(
        {
          result: submission.reply(),
          warning: {
            registers:
              found.length > 0
                ? found.map((w) => ({ register: w.register, reason: w.reason, ratio: w.ratio }))
                : [{ register: field, reason, ratio: null }],
            values: valuesKey,
          },
        },
        200,
      );
    }
    case "reading_too_high":
      return reply(
        {
          result: submission.reply({ fieldErrors: { [field]: ["readings:errors.tooHigh"] } }),
        },
        400,
      );
    case "reading_not_correctable":
      return reply(
        { result: submission.reply(), formError: "readings:errors.notCorrectable" },
        400,
      );
    case "reading_not_greater":
      return reply(
        {
          // The page's own check names every register not above its previous value; the API
          // names the first (it differs only if a reading arrived in between).
          result:
            strict.status === "success"
              ? submission.reply({ fieldErrors: { [field]: ["readings:errors.notGreater"] } })
              : strict.reply(),
        },
        400,
      );
    case "validation":
      return reply(
        {
          result: submission.reply({
            fieldErrors: {
              [field]: [saved.message?.includes(".") ? saved.message : "validate.number"],
            },
          }),
        },
        400,
      );
    case "idempotency_key_reused":
      // The key of a form already sent (a page restored by the back button): the values stay,
      // and the page rendered after this answer carries a fresh key for the next send.
      return reply({ result: submission.reply(), formError: "readings:errors.formUsed" }, 400);
    case "reading_period_closed":
    case "reading_not_allowed":
    case "not_found":
      return reply(
        {
          result: submission.reply(),
          formError:
            saved.code === "reading_period_closed"
              ? "readings:errors.periodClosed"
              : saved.code === "reading_not_allowed"
                ? "readings:errors.notAllowed"
                : "readings:errors.notFound",
        },
        400,
      );
    default:
      return reply(
        { result: submission.reply(), formError: "readings:errors.failed" },
        saved.status >= 500 || saved.status === 0 ? 502 : 400,
      );
  }
}

export default function MeterReading({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("readings");
  const view = loaderData;
  const period = view.period;
  return (
    <div className="readings">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p className="muted">
        {t("supply")}: <span className="nowrap">{view.meter.number}</span> · {view.meter.address}
      </p>
      {/* No link here: the form is on this page when the period is open. */}
      <StaleNotice staleness={view.stale} link={false} />

      {view.saved ? (
        <div id="saved" className="alert alert--success" role="status" tabIndex={-1}>
          <h2 className="rd-alert-title">
            {view.saved.corrected ? t("saved.correctedTitle") : t("saved.title")}
          </h2>
          <p>
            {t("saved.body", { date: formatDate(view.saved.date) })} {t("day")}:{" "}
            <strong>{formatInteger(view.saved.day)} kWh</strong>
            {view.saved.night !== null ? (
              <>
                {" · "}
                {t("night")}: <strong>{formatInteger(view.saved.night)} kWh</strong>
              </>
            ) : null}
          </p>
          {view.saved.replaced ? <p>{t("saved.replaced", { time: view.saved.replaced })}</p> : null}
          {view.correctable && !view.correcting ? (
            <p>
              {t("correct.offer")}{" "}
              <a href={`${href(PAGE)}?correct=1#form-title`}>{t("correct.link")}</a>
            </p>
          ) : null}
        </div>
      ) : null}

      {actionData?.formError ? (
        <div className="alert alert--error" role="alert">
          <p>{t(actionData.formError)}</p>
        </div>
      ) : null}

      <TitledCard id="period-title" title={t("period.title")}>
        {period.open ? (
          <p>
            <span className="badge badge--success">{t("period.open")}</span>{" "}
            {t("period.openUntil", { date: formatDate(period.until) })}
          </p>
        ) : (
          <p>
            <span className="badge badge--warning">{t("period.closed")}</span>{" "}
            {period.nextOpening
              ? t("period.nextOpening", { date: formatDate(period.nextOpening) })
              : t("period.nextUnknown")}
          </p>
        )}
        {!period.open ? <p>{t("period.correctByPhone")}</p> : null}
        {!view.meter.active ? <p className="muted">{t("period.notActive")}</p> : null}
      </TitledCard>

      <div className="rd-grid">
        <LastReadings
          last={view.last}
          hasNight={view.hasNight}
          previousOperator={view.previousOperator}
          nextOperator={view.nextOperator}
          nextReadingDate={view.nextReadingDate}
          correctHref={
            view.correctable && !view.correcting ? `${href(PAGE)}?correct=1#form-title` : null
          }
        />
        {view.canSubmit && view.correcting && view.correctable ? (
          <ReadingForm
            key="correction"
            meterId={view.meter.id}
            hasNight={view.hasNight}
            previous={view.correctable.previous}
            actionData={actionData}
            correction={view.correctable}
            formKey={view.formKey}
          />
        ) : view.canSubmit ? (
          <ReadingForm
            key="reading"
            meterId={view.meter.id}
            hasNight={view.hasNight}
            previous={view.previous}
            actionData={actionData}
            replaces={view.replaces}
            formKey={view.formKey}
          />
        ) : null}
      </div>

      <ReadingHistory
        rows={view.history.rows}
        paging={view.history.paging}
        hasNight={view.hasNight}
      />
      <ConsumptionChart periods={view.periods} chart={view.chart} hasNight={view.hasNight} />
    </div>
  );
}
