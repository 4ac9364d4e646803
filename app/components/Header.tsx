import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { Icon, LogoMark } from "./Icon";
import { LanguageSwitch } from "./LanguageSwitch";
import type { MeterOption, ShellView } from "./shell-view";
import { SupplyStatus } from "./SupplyStatus";

export const NAV_TOGGLE_ID = "nav-toggle";

/** Signed-in header: menu toggle (below 1200px), logo, supply picker, language, messages, account. */
export function Header({ view, avatarSrc }: { view: ShellView; avatarSrc?: string | null }) {
  const { t } = useTranslation("shell");
  return (
    <header className="header">
      <label htmlFor={NAV_TOGGLE_ID} className="header__menu" title={t("header.menu")}>
        <Icon name="menu" />
      </label>
      <Link className="logo" to="/b2b/episkopisi">
        <LogoMark />
        <span>NRG</span>
        <span className="visually-hidden">{t("header.home")}</span>
      </Link>
      <MeterMenu view={view} />
      <div className="header__tools">
        <LanguageSwitch />
        <MessagesMenu unread={view.unread} />
        <AvatarMenu user={view.user} avatarSrc={avatarSrc ?? null} />
      </div>
    </header>
  );
}

function MeterMenu({ view }: { view: ShellView }) {
  const { t } = useTranslation("shell");
  const location = useLocation();
  const { selected, meterMenu } = view;
  const groups: { kind: "electricity" | "gas"; items: MeterOption[] }[] = [
    { kind: "electricity", items: meterMenu.electricity },
    { kind: "gas", items: meterMenu.gas },
  ];
  return (
    <details
      className="dropdown header__meter"
      open={meterMenu.query ? true : undefined}
      data-keep-open={meterMenu.query ? "" : undefined}
    >
      <summary>
        <Icon name={selected.kind === "electricity" ? "bolt" : "flame"} />
        <span className="meter-summary">
          <span className="visually-hidden">{t("meterMenu.current")}: </span>
          <span className="meter-summary__addr">{selected.address}</span>
          <span className="meter-summary__no">
            {t(`kind.${selected.kind}`)} · {selected.supplyNumber}
          </span>
        </span>
        <Icon name="chevron" />
      </summary>
      <div className="dropdown__panel">
        {meterMenu.searchable ? (
          // The layout route has no path of its own: without an explicit action the search
          // would go to "/" (and from there to the overview, losing the query).
          <Form method="get" action={location.pathname} role="search" className="meter-search">
            <label htmlFor="meterq" className="visually-hidden">
              {t("meterMenu.search")}
            </label>
            <input
              id="meterq"
              name="meterq"
              type="search"
              className="field__input"
              defaultValue={meterMenu.query}
              placeholder={t("meterMenu.searchPlaceholder")}
            />
            <button type="submit" className="btn btn--small">
              <Icon name="search" />
              <span className="visually-hidden">{t("meterMenu.search")}</span>
            </button>
          </Form>
        ) : null}
        <form method="post" action="/b2b/select-meter" className="meter-list">
          {groups.map(({ kind, items }) =>
            items.length > 0 ? (
              <section key={kind} aria-labelledby={`meter-group-${kind}`}>
                <h3 id={`meter-group-${kind}`}>{t(`meterMenu.${kind}`)}</h3>
                <ul className="menu">
                  {items.map((option) => (
                    <li key={option.id}>
                      <button
                        type="submit"
                        name="meter_id"
                        value={option.id}
                        className="meter-option"
                        aria-current={option.selected ? "true" : undefined}
                      >
                        <span>{option.address}</span>
                        <small>
                          {t("welcome.supplyNumber")}: {option.supplyNumber}
                        </small>
                        <small>
                          <SupplyStatus status={option.status} group={option.statusGroup} />
                        </small>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null,
          )}
          {meterMenu.shown === 0 ? <p className="muted">{t("meterMenu.noMatch")}</p> : null}
        </form>
        {meterMenu.shown > 0 && meterMenu.shown < meterMenu.total ? (
          <p className="muted">
            {t("meterMenu.showing", { shown: meterMenu.shown, total: meterMenu.total })}{" "}
            <Link to="/b2b/paroxes">{t("meterMenu.seeAll")}</Link>
          </p>
        ) : null}
      </div>
    </details>
  );
}

function MessagesMenu({ unread }: { unread: ShellView["unread"] }) {
  const { t } = useTranslation("shell");
  return (
    <details className="dropdown">
      <summary aria-label={t("header.messages", { count: unread.count })}>
        <Icon name="bell" />
        {unread.count > 0 ? (
          <span className="count-dot" aria-hidden="true">
            {unread.count > 99 ? "99+" : unread.count}
          </span>
        ) : null}
      </summary>
      <div className="dropdown__panel">
        <h2 className="card__title">{t("header.unreadTitle")}</h2>
        {unread.items.length > 0 ? (
          <ul className="menu">
            {unread.items.map((message) => (
              <li key={message.id}>
                <Link to={`/b2b/mhnymata?id=${message.id}#message-${message.id}`}>
                  {message.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("header.noUnreadMessages")}</p>
        )}
        <div className="menu__sep" />
        <ul className="menu">
          <li>
            <Link to="/b2b/mhnymata">{t("header.allMessages")}</Link>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * The settings dialog over the page the customer is on (the layout renders `?modal=settings` on
 * every signed-in page), so closing it leaves them where they were. /b2b/settings renders the
 * dialog itself, and a page showing a checkout result keeps that dialog alone: both use the
 * overview.
 */
export function settingsHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (pathname === "/b2b/settings" || params.has("checkout") || !pathname.startsWith("/b2b/")) {
    return "/b2b/episkopisi?modal=settings";
  }
  params.delete("modal");
  params.delete("step");
  params.set("modal", "settings");
  return `${pathname}?${params}`;
}

function AvatarMenu({ user, avatarSrc }: { user: ShellView["user"]; avatarSrc: string | null }) {
  const { t } = useTranslation("shell");
  const location = useLocation();
  return (
    <details className="dropdown">
      <summary aria-label={t("header.account")}>
        {avatarSrc ? (
          <img className="avatar" src={avatarSrc} alt="" width={36} height={36} />
        ) : (
          <span className="avatar" aria-hidden="true">
            {user.initials}
          </span>
        )}
      </summary>
      <div className="dropdown__panel">
        <p>
          <strong>{user.name}</strong>
          <br />
          <span className="muted">
            {t("header.vat")}: {user.username}
          </span>
        </p>
        <ul className="menu">
          <li>
            <Link to={settingsHref(location.pathname, location.search)}>
              <Icon name="settings" />
              {t("header.settings")}
            </Link>
          </li>
          <li>
            <Link to="/b2b/help">
              <Icon name="help" />
              {t("header.faq")}
            </Link>
          </li>
        </ul>
        {/* A list may only hold list items: the separator goes between two lists. */}
        <div className="menu__sep" />
        <ul className="menu">
          <li>
            <form method="post" action="/logout">
              <button type="submit">
                <Icon name="logout" />
                {t("header.logout")}
              </button>
            </form>
          </li>
        </ul>
      </div>
    </details>
  );
}
