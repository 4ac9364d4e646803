import { Fragment, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { formatRf } from "../../../core/rf";
import "./rf-code.css";

const noSubscription = () => () => {};

/** Whether the browser can copy: false on the server, while hydrating and without a clipboard. */
function useCanCopy(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== "undefined" && typeof navigator.clipboard?.writeText === "function",
    () => false,
  );
}

/**
 * A bill's RF payment code (#34, core/rf.ts) as selectable text, in groups of four. The groups
 * are spaced by CSS, not by spaces, so selecting and copying the text by hand copies the code as
 * e-banking takes it; a narrow screen wraps it between groups (<wbr>), never inside one. With JavaScript a copy button appears beside it (there is none without:
 * it could not work), and a polite live region says the code was copied, or could not be.
 */
export function RfCode({ code, id }: { code: string; id: string }) {
  const { t } = useTranslation("bills");
  const canCopy = useCanCopy();
  const [said, setSaid] = useState<"" | "copied" | "failed">("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    setSaid("");
    try {
      await navigator.clipboard.writeText(code);
      setSaid("copied");
    } catch {
      setSaid("failed");
    }
    timer.current = setTimeout(() => setSaid(""), 5000);
  }

  return (
    <span className="rf-code">
      <span className="rf-code__value" id={id} translate="no">
        {formatRf(code)
          .split(" ")
          .map((group, i) => (
            <Fragment key={i}>
              {i > 0 ? <wbr /> : null}
              <span>{group}</span>
            </Fragment>
          ))}
      </span>
      {canCopy ? (
        <button
          type="button"
          className="btn btn--secondary btn--small rf-code__copy"
          aria-label={t("rf.copyLabel")}
          aria-describedby={id}
          onClick={() => void copy()}
        >
          {t("rf.copy")}
        </button>
      ) : null}
      <span className="visually-hidden" role="status" aria-live="polite">
        {said ? t(`rf.${said}`) : ""}
      </span>
    </span>
  );
}
