import { useTranslation } from "react-i18next";
import type { ApiMessage } from "../../../api/contract";
import { requireShell } from "../../.server/shell";
import { formatStamp } from "../../domain/format";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/mhnymata";

export const handle: RouteHandle = {
  i18n: ["overview"],
  title: "overview:messages.title",
  breadcrumb: "overview:messages.title",
};

type MessageRow = Pick<
  ApiMessage,
  "id" | "title" | "content" | "type" | "category" | "read_status" | "c_stamp"
>;

/** All messages, newest first. Opening one marks it read: a later issue (PUT /update_notification). */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const messages: MessageRow[] = [...shell.messages]
    .sort((a, b) => b.c_stamp.localeCompare(a.c_stamp))
    .map(({ id, title, content, type, category, read_status, c_stamp }) => ({
      id,
      title,
      content,
      type,
      category,
      read_status,
      c_stamp,
    }));
  const requested = Number(new URL(args.request.url).searchParams.get("id"));
  return {
    messages,
    openId: Number.isInteger(requested) ? requested : null,
    unread: shell.unreadCount,
  };
}

const typeBadge: Record<ApiMessage["type"], string> = {
  info: "badge",
  confirm: "badge badge--success",
  alert: "badge badge--danger",
};

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("overview");
  const { messages, openId, unread } = loaderData;
  return (
    <>
      <div className="page-head">
        <h1>{t("messages.title")}</h1>
        <p className="muted">{t("messages.unreadCount", { count: unread })}</p>
      </div>
      {messages.length === 0 ? (
        <p className="card">{t("messages.empty")}</p>
      ) : (
        <ul className="list">
          {messages.map((message) => {
            const isUnread = message.read_status === 0;
            return (
              <li key={message.id}>
                <article
                  id={`message-${message.id}`}
                  className={`card message${isUnread ? " message--unread" : ""}`}
                  aria-labelledby={`message-title-${message.id}`}
                >
                  <div className="message__meta">
                    <span className={typeBadge[message.type]}>
                      {t(`messages.type.${message.type}`)}
                    </span>
                    {message.category ? <span>{message.category}</span> : null}
                    <time dateTime={message.c_stamp}>{formatStamp(message.c_stamp)}</time>
                    <span className={isUnread ? "badge badge--warning" : "badge"}>
                      {isUnread ? t("messages.unread") : t("messages.read")}
                    </span>
                  </div>
                  <h2 id={`message-title-${message.id}`} className="card__title">
                    {message.title}
                  </h2>
                  <details className="accordion" open={message.id === openId ? true : undefined}>
                    <summary>{t("messages.show")}</summary>
                    <div className="accordion__body">
                      {message.content.split(/\n{2,}/).map((paragraph, index) => (
                        <p key={index}>{paragraph}</p>
                      ))}
                    </div>
                  </details>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
