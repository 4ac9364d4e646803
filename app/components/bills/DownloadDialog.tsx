import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Spec §9: the download dialog closes itself 5 s after an error. */
export const DOWNLOAD_AUTO_CLOSE_MS = 5000;

/** Asks the portal's resource route for status codes instead of a redirect to an error page. */
export const FETCH_HEADER = "x-download";

type State = { status: "wait" } | { status: "error"; message: string };

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  // A detached anchor is enough for every current browser (no DOM insertion needed).
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The file name the answer gives (`Content-Disposition: attachment; filename="NRG-….pdf"`, #35 §2),
 * else null: the server names a bill's PDF after its supply and month.
 */
export function attachmentName(disposition: string | null): string | null {
  const name = /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? null;
  return name && /^[\w.-]+$/.test(name) ? name : null;
}

/**
 * The spec's download dialog (§2 Modals, §4), shown by DownloadLink (its code is fetched on the
 * first click): "Please wait" while the file comes, closed on success; 400 or an empty
 * file → "The file is not available for download", 403 → the status text, both closing after
 * 5 s; 401 → tried again once (the portal refreshes the token on the server), then the sign-in
 * page. Mounted once per click: it fetches the file when it mounts.
 */
export function DownloadDialog({
  href,
  filename,
  onClose,
}: {
  href: string;
  /** The file's name when the answer does not name it (Content-Disposition). */
  filename: string;
  /** Unmounts the dialog and returns focus to the link. */
  onClose: () => void;
}) {
  const { t } = useTranslation(); // "download.*" lives in common: the overview uses it too
  const [state, setState] = useState<State>({ status: "wait" });
  const titleId = useId();
  const bodyId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const started = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  useEffect(() => {
    if (state.status !== "error") return;
    const timer = setTimeout(() => onCloseRef.current(), DOWNLOAD_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCloseRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    // Once per mount, also under StrictMode's effect replay in development.
    if (started.current) return;
    started.current = true;
    async function download() {
      try {
        const get = () =>
          fetch(href, { headers: { [FETCH_HEADER]: "fetch" }, credentials: "same-origin" });
        let response = await get();
        if (response.status === 401) response = await get();
        if (response.status === 401) {
          window.location.assign("/login");
          return;
        }
        if (response.ok) {
          const blob = await response.blob();
          if (blob.size > 0) {
            saveBlob(blob, attachmentName(response.headers.get("content-disposition")) ?? filename);
            onCloseRef.current();
            return;
          }
          setState({ status: "error", message: t("download.notAvailable") });
        } else if (response.status === 400 || response.status === 404) {
          setState({ status: "error", message: t("download.notAvailable") });
        } else if (response.status === 403) {
          setState({ status: "error", message: response.statusText || "Forbidden" });
        } else {
          setState({ status: "error", message: t("download.failed") });
        }
      } catch {
        setState({ status: "error", message: t("download.failed") });
      }
    }
    void download();
  }, [href, filename, t]);

  return (
    <div className="modal">
      <dialog
        open
        className="dialog download-dialog"
        role={state.status === "error" ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        aria-busy={state.status === "wait"}
      >
        <div className="dialog__head">
          <h2 id={titleId}>{t("download.title")}</h2>
          <button type="button" ref={closeRef} className="dialog__close" onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("common:dialog.close")}</span>
          </button>
        </div>
        <div id={bodyId} role="status" aria-live="polite">
          {state.status === "wait" ? (
            <p className="download-dialog__wait">
              <span className="spinner" aria-hidden="true" />
              {t("download.wait")}
            </p>
          ) : state.status === "error" ? (
            <>
              <p className="alert alert--error">{state.message}</p>
              <p className="muted">{t("download.autoClose")}</p>
            </>
          ) : null}
        </div>
      </dialog>
    </div>
  );
}
