import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { sidebarLinks, type SidebarItem, type SidebarItemId } from "../domain/sidebar";
import { Icon, type IconName } from "./Icon";

const icons: Record<SidebarItemId, IconName> = {
  overview: "home",
  supplies: "list",
  bills: "bill",
  meterReading: "gauge",
  help: "help",
  statistics: "chart",
  alerts: "bell",
  tariffs: "bolt",
  socialTariff: "home",
  register: "shield",
  requests: "send",
  calendar: "calendar",
  questionnaire: "clipboard",
  notices: "megaphone",
  people: "users",
  activity: "history",
};

function NavItems({ items }: { items: SidebarItem[] }) {
  const { t } = useTranslation("shell");
  return items.map((item) => (
    <li key={item.id}>
      <NavLink to={item.path} prefetch="intent">
        <Icon name={icons[item.id]} />
        {t(item.labelKey)}
        {item.count > 0 ? (
          <span className="badge badge--count">
            {item.count}
            <span className="visually-hidden">
              {" "}
              {t(`nav.counter.${item.id}`, { count: item.count })}
            </span>
          </span>
        ) : null}
      </NavLink>
    </li>
  ));
}

/**
 * Main menu (spec §2 Sidebar): the spec's items, then a "More" group with the other pages; a
 * column from 1200px, an off-canvas panel below (CSS only: the checkbox `toggleId` opens it).
 */
export function Sidebar({ items, toggleId }: { items: SidebarItem[]; toggleId: string }) {
  const { t, i18n } = useTranslation("shell");
  const main = items.filter((item) => item.group === "main");
  const more = items.filter((item) => item.group === "more");
  return (
    <nav id="sidebar" className="sidebar" aria-label={t("nav.label")}>
      {/* The phone menu's CSS-only toggle (the header's menu button is its label). Inside the
          navigation landmark, not loose in the page (axe `region`); it stays
          focusable while the closed menu is hidden (app.css). */}
      <input
        type="checkbox"
        id={toggleId}
        className="nav-toggle visually-hidden"
        aria-controls="sidebar"
        aria-label={t("header.menu")}
      />
      <div className="sidebar__close">
        <label htmlFor={toggleId} className="btn btn--secondary btn--small">
          <Icon name="close" />
          {t("nav.close")}
        </label>
      </div>
      <ul className="nav">
        <NavItems items={main} />
      </ul>
      {more.length > 0 ? (
        <>
          <h2 id="nav-more" className="nav__heading">
            {t("nav.more")}
          </h2>
          <ul className="nav-more" aria-labelledby="nav-more">
            <NavItems items={more} />
          </ul>
        </>
      ) : null}
      <ul className="nav-links" aria-label={t("nav.legal")}>
        {sidebarLinks(i18n.language).map((link) => (
          <li key={link.id}>
            <a href={link.href} rel={link.external ? "noopener" : undefined}>
              {t(link.labelKey)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
