import { can } from "../../../core/permissions";
import { useTranslation } from "react-i18next";
import { data, href, Link, redirect } from "react-router";
import type { ApiCalendarEvent } from "../../../core/contract";
import { getApi } from "../../.server/api";
import { requireAllMeters, requireShell } from "../../.server/shell";
import { supplyIndex, type CalendarSupply } from "../../.server/calendar";
import stylesHref from "../../components/pages/pages.css?url";
import { agendaDays, monthRange, parseMonth, shiftMonth } from "../../domain/calendar";
import { formatAmount, formatDate } from "../../domain/format";
import { sidebarAllows } from "../../domain/sidebar";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/imerologio";
import { athensToday } from "../../../core/dates";
import { calendar as calendarEvents } from "../../.server/api/calendar";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["calendar"],
  title: "calendar:title",
  breadcrumb: "calendar:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

/**
 * Calendar: one month (`?month=YYYY-MM`, default this month) of ALL the customer's
 * supplies, as an agenda by day: reading windows, the network operator's reading dates and bill
 * due dates. One API call for the month, whatever the number of supplies; an .ics download of
 * the coming months beside it.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  if (!sidebarAllows("calendar", { meter: shell.selectedMeter, role: shell.user.test_role })) {
    throw redirect(href("/b2b/episkopisi"));
  }
  const today = athensToday();
  const month = parseMonth(new URL(args.request.url).searchParams.get("month"), today);
  const { from, to } = monthRange(month);
  const [calendar, meters] = await Promise.all([
    calendarEvents(getApi(args), shell.user.id, from, to),
    requireAllMeters(args),
  ]);
  return data(
    {
      today,
      selectedId: shell.selectedMeter.id,
      // A viewer (#38 §4) sends no readings: no link to the form.
      maySendReadings: can(shell.user.test_role, "submit_reading"),
      month,
      previous: shiftMonth(month, -1),
      next: shiftMonth(month, 1),
      current: today.slice(0, 7),
      days: agendaDays(calendar.events, from),
      supplies: supplyIndex(meters, calendar.events),
      counts: {
        bills: calendar.events.filter((e) => e.type === "bill_due").length,
        readings: calendar.events.filter((e) => e.type !== "bill_due").length,
      },
    },
    { headers: NO_STORE },
  );
}

function EventLine({
  event,
  supply,
  today,
  selected,
}: {
  event: ApiCalendarEvent;
  supply: CalendarSupply | undefined;
  today: string;
  /** The event is of the selected supply and the person may send its reading (the reading
   * page works on the selected one). */
  selected: boolean;
}) {
  const { t } = useTranslation("calendar");
  const where = supply ? (
    <span className="muted">
      {" "}
      · {t(`kind.${supply.kind}`)} <span className="nowrap">{supply.number}</span> ·{" "}
      {supply.address}
    </span>
  ) : null;
  if (event.type === "reading_window") {
    const open = event.date <= today && today <= event.end;
    const badge = open ? "badge--success" : event.end < today ? "" : "badge--warning";
    return (
      <>
        <span className={`badge ${badge}`}>
          {t(open ? "status.open" : event.end < today ? "status.closed" : "status.upcoming")}
        </span>{" "}
        {t("events.readingWindow", { from: formatDate(event.date), to: formatDate(event.end) })}
        {where}
        {open && selected ? (
          <>
            {" "}
            <Link to={href("/b2b/kataxorisi")}>{t("submitReading")}</Link>
          </>
        ) : null}
      </>
    );
  }
  if (event.type === "operator_reading") {
    return (
      <>
        {t("events.operatorReading")}
        {where}
      </>
    );
  }
  const paid = event.remaining <= 0;
  const overdue = !paid && event.date < today;
  return (
    <>
      <span
        className={`badge ${paid ? "badge--success" : overdue ? "badge--danger" : "badge--unpaid"}`}
      >
        {t(paid ? "status.paid" : overdue ? "status.overdue" : "status.due")}
      </span>{" "}
      <Link to={href("/b2b/logariasmoi/:invoiceId", { invoiceId: String(event.invoice_id) })}>
        {t("events.billDue", {
          invoice: event.invoice_no,
          amount: formatAmount(event.amount, { currency: false }),
        })}
      </Link>
      {!paid
        ? ` (${t("remaining", { amount: formatAmount(event.remaining, { currency: false }) })})`
        : null}
      {where}
    </>
  );
}

const monthName = (month: string, lng: string) =>
  new Intl.DateTimeFormat(lng === "en" ? "en-GB" : "el-GR", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("calendar");
  const {
    month,
    previous,
    next,
    current,
    days,
    supplies,
    counts,
    today,
    selectedId,
    maySendReadings,
  } = loaderData;
  const title = monthName(month, i18n.language);
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
        <a className="btn btn--secondary" href="/b2b/imerologio.ics" download>
          {t("download")}
        </a>
      </div>
      <p className="muted">{t("intro")}</p>

      <section className="card" aria-labelledby="calendar-month">
        <nav className="month-nav" aria-label={t("nav.label")}>
          <Link to={`?month=${previous}`} rel="prev">
            ← {t("nav.previous")}
          </Link>
          <h2 id="calendar-month" aria-live="polite">
            {title}
          </h2>
          <span>
            {month !== current ? (
              <>
                <Link to={`?month=${current}`}>{t("nav.today")}</Link> ·{" "}
              </>
            ) : null}
            <Link to={`?month=${next}`} rel="next">
              {t("nav.next")} →
            </Link>
          </span>
        </nav>
        <p>{t("summary", { bills: counts.bills, readings: counts.readings })}</p>
        {days.length === 0 ? (
          <p role="status">{t("empty")}</p>
        ) : (
          <ol className="agenda">
            {days.map((day) => (
              <li key={day.date} className="agenda__day">
                <time className="agenda__date" dateTime={day.date}>
                  {formatDate(day.date)}
                  {day.date === today ? ` (${t("today")})` : null}
                </time>
                <ul className="agenda__events">
                  {day.events.map((event) => (
                    <li
                      key={`${event.type}-${event.meter_id}-${"invoice_id" in event ? event.invoice_id : event.date}`}
                    >
                      <EventLine
                        event={event}
                        supply={supplies[event.meter_id]}
                        today={today}
                        selected={maySendReadings && event.meter_id === selectedId}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
