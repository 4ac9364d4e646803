import { updateNotification } from "../../.server/api/users";
import { pageCache } from "../../.server/page-cache";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import type { ApiMessage } from "../../../core/contract";
import { getApi, requireShell } from "../../.server/shell";
import { FilterSelect } from "../../components/form/PlainField";
import "../../components/settings/messages.css";
import { formatStamp } from "../../domain/format";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/mhnymata";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["messages"],
  title: "messages:title",
  breadcrumb: "messages:title",
};

/** The GET only reads: a repeat view with unchanged data is served from the page cache. */
export const middleware: Route.MiddlewareFunction[] = [pageCache];

const PATH = "/b2b/mhnymata";

type MessageRow = Pick<
  ApiMessage,
  "id" | "title" | "content" | "type" | "category" | "read_status" | "c_stamp"
>;

/** A path of the signed-in area, as the alerts' messages end with ("/b2b/provlepsi"). */
const PORTAL_PATH = /^\/b2b\/[a-z0-9/-]+$/;

/** The inbox's state lives in the URL: ?filter=unread|all&category=…&id=<open message>. */
function readQuery(url: URL) {
  const filter = url.searchParams.get("filter") === "unread" ? "unread" : "all";
  const category = (url.searchParams.get("category") ?? "").slice(0, 40);
  const id = Number(url.searchParams.get("id"));
  return { filter, category, openId: Number.isSafeInteger(id) && id > 0 ? id : null } as const;
}

function inboxUrl(query: { filter: string; category: string }, openId?: number | null) {
  const params = new URLSearchParams();
  if (query.filter === "unread") params.set("filter", "unread");
  if (query.category) params.set("category", query.category);
  if (openId) params.set("id", String(openId));
  const search = params.toString();
  return `${PATH}${search ? `?${search}` : ""}${openId ? `#message-${openId}` : ""}`;
}

/**
 * Spec §2 mhnymata, §4 Messages: every message with title, type, category, date-time and read
 * state, filtered by the URL. The list comes with the shell (one GET /users/{id}/messages).
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const query = readQuery(new URL(args.request.url));
  const all: MessageRow[] = [...shell.messages]
    .sort((a, b) => b.c_stamp.localeCompare(a.c_stamp) || b.id - a.id)
    .map(({ id, title, content, type, category, read_status, c_stamp }) => ({
      id,
      title,
      content,
      type,
      category,
      read_status,
      c_stamp,
    }));
  const categories = [...new Set(all.map((m) => m.category).filter(Boolean))].sort();
  const messages = all.filter(
    (m) =>
      (query.filter === "all" || m.read_status === 0 || m.id === query.openId) &&
      (!query.category || m.category === query.category),
  );
  return data(
    { messages, total: all.length, categories, query, unread: shell.unreadCount },
    { headers: NO_STORE },
  );
}

export const headers = noStoreHeaders;

const readSchema = z.object({
  intent: z.literal("read"),
  id: z.coerce.number().int().positive(),
  filter: z.string().optional(),
  category: z.string().max(40).optional(),
});

/**
 * Opening an unread message: PUT /update_notification {id} → 204, then back to the inbox with it
 * open (Post/Redirect/Get). The redirect reloads the list, the header badge and its drop-down.
 */
export async function action(args: Route.ActionArgs) {
  await requireShell(args);
  const parsed = readSchema.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) throw redirect(PATH, 303);
  const query = {
    filter: parsed.data.filter === "unread" ? "unread" : "all",
    category: parsed.data.category ?? "",
  };
  const result = await updateNotification(getApi(args), parsed.data.id);
  if (!result.ok) {
    getSession(args.context).flash("toast", {
      type: "error",
      key: result.status === 404 ? "messages:notFound" : "messages:failed",
    });
    throw redirect(inboxUrl(query), 303);
  }
  throw redirect(inboxUrl(query, parsed.data.id), 303);
}

const typeBadge: Record<ApiMessage["type"], string> = {
  info: "badge",
  confirm: "badge badge--success",
  alert: "badge badge--danger",
};

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("messages");
  const { messages, total, categories, query, unread } = loaderData;
  const categoryLabel = (c: string) => t(`categories.${c}`, { defaultValue: c });
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
        <p className="muted" aria-live="polite">
          {t("unreadCount", { count: unread })}
        </p>
      </div>
      <Form method="get" action={PATH} className="message-filters card" aria-label={t("filters")}>
        {/* Keyed by the value: a new query's select shows it (defaultValue is read on mount). */}
        {[
          {
            name: "filter",
            label: t("show"),
            defaultValue: query.filter,
            options: [
              { value: "all", label: t("showAll") },
              { value: "unread", label: t("showUnread") },
            ],
          },
          {
            name: "category",
            label: t("category"),
            defaultValue: query.category,
            options: [
              { value: "", label: t("allCategories") },
              ...categories.map((c) => ({ value: c, label: categoryLabel(c) })),
            ],
          },
        ].map((filter) => (
          <FilterSelect
            key={`${filter.name}-${filter.defaultValue}`}
            id={`message-${filter.name}`}
            {...filter}
          />
        ))}
        <button type="submit" className="btn btn--secondary">
          {t("apply")}
        </button>
      </Form>
      {messages.length === 0 ? (
        <p className="card">{total === 0 ? t("empty") : t("emptyFiltered")}</p>
      ) : (
        <ul className="list">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              query={query}
              categoryLabel={categoryLabel}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function MessageItem({
  message,
  query,
  categoryLabel,
}: {
  message: MessageRow;
  query: ReturnType<typeof readQuery>;
  categoryLabel: (c: string) => string;
}) {
  const { t } = useTranslation("messages");
  const fetcher = useFetcher({ key: `read-${message.id}` });
  const isUnread = message.read_status === 0;
  const isOpen = !isUnread && query.openId === message.id;
  const targeted = query.openId === message.id;

  // Arriving from the header's drop-down (?id=<unread>): with JavaScript the message opens at once.
  useEffect(() => {
    if (targeted && isUnread && fetcher.state === "idle" && !fetcher.data) {
      void fetcher.submit(
        { intent: "read", id: String(message.id), filter: query.filter, category: query.category },
        { method: "post", action: PATH },
      );
    }
  }, [targeted, isUnread, fetcher, message.id, query.filter, query.category]);

  return (
    <li>
      <article
        id={`message-${message.id}`}
        className={`card message${isUnread ? " message--unread" : ""}`}
        aria-labelledby={`message-title-${message.id}`}
      >
        <div className="message__meta">
          <span className={typeBadge[message.type]}>{t(`type.${message.type}`)}</span>
          {message.category ? <span>{categoryLabel(message.category)}</span> : null}
          <time dateTime={message.c_stamp}>{formatStamp(message.c_stamp)}</time>
          <span className={isUnread ? "badge badge--warning" : "badge"}>
            {isUnread ? t("unread") : t("read")}
          </span>
        </div>
        <h2 id={`message-title-${message.id}`} className="card__title">
          {message.title}
        </h2>
        {isOpen ? (
          <>
            <div className="message__body">
              {message.content.split(/\n{2,}/).map((paragraph, index) => (
                <p key={index}>
                  {/* A paragraph that is only a page of the portal (an alert's link, #37 §2) is
                      a link; nothing else is, so a message can never link elsewhere. */}
                  {PORTAL_PATH.test(paragraph) ? <a href={paragraph}>{paragraph}</a> : paragraph}
                </p>
              ))}
            </div>
            <Link to={inboxUrl(query)} preventScrollReset className="btn btn--secondary btn--small">
              {t("close")}
            </Link>
          </>
        ) : isUnread ? (
          <fetcher.Form method="post" action={PATH} className="message__open">
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="id" value={message.id} />
            <input type="hidden" name="filter" value={query.filter} />
            <input type="hidden" name="category" value={query.category} />
            <button
              type="submit"
              className="btn btn--small"
              aria-describedby={`message-title-${message.id}`}
            >
              {t("open")}
            </button>
          </fetcher.Form>
        ) : (
          <Link
            to={inboxUrl(query, message.id)}
            preventScrollReset
            className="btn btn--secondary btn--small"
            aria-describedby={`message-title-${message.id}`}
          >
            {t("open")}
          </Link>
        )}
      </article>
    </li>
  );
}
