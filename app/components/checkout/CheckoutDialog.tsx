import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { formatAmount } from "../../domain/format";
import { parseCheckout, withoutCheckout } from "../../domain/payment-rules";
import { Dialog } from "../Dialog";
import { PaidSupplies } from "./PaidSupplies";
import { useRootData } from "../root-data";

/** Pages that can show a receipt for `?receipt=…` (the payment pages themselves). */
function receiptHref(pathname: string, reference: string): string | null {
  if (pathname === "/b2b/pay" || /^\/(pay|instant-bill)\/[^/]+$/.test(pathname)) {
    return `${pathname}?${new URLSearchParams({ receipt: reference })}`;
  }
  return null;
}

/**
 * Spec §2 "Checkout query (any page)": success, canceledComplete, fail and mismatch show the
 * payment-result dialog; cancel shows the cancel dialog, only when `t` is present (and uses `o`,
 * the order to cancel). Rendered by the server, so it works without JS; a success only with what
 * the API confirmed.
 */
export function CheckoutDialog() {
  const { t } = useTranslation("payments");
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const confirmed = useRootData()?.checkout ?? null;
  // A success is shown only as the API confirmed it (root loader): a payment of this customer
  // with this reference that succeeded, with its recorded amount. Anything else, including a
  // crafted `?checkout=success&t=FAKE&a=9999.99` or a malformed one, shows nothing.
  // `a` plays no part: a real payment with a wrong or missing `a` shows its recorded amount.
  const success = search.get("checkout") === "success";
  if (success && (!confirmed || confirmed.reference !== search.get("t"))) return null;
  const closeTo = withoutCheckout(location.pathname, search);

  if (success && confirmed) {
    const receipt = receiptHref(location.pathname, confirmed.reference);
    return (
      <Dialog title={t("paymentMessages.successTitle")} closeTo={closeTo}>
        <div className="alert alert--success" role="status">
          <p>
            {t("paymentMessages.successMsg", {
              t: confirmed.reference,
              a: formatAmount(confirmed.amount),
            })}
          </p>
        </div>
        {confirmed.items.length > 0 ? <PaidSupplies items={confirmed.items} /> : null}
        <p>{t("within5days")}</p>
        <div className="actions">
          {receipt ? (
            <Link className="btn" to={receipt}>
              {t("paymentMessages.receipt")}
            </Link>
          ) : null}
          <Link className="btn btn--secondary" to={closeTo} replace>
            {t("paymentMessages.close")}
          </Link>
        </div>
      </Dialog>
    );
  }

  const query = parseCheckout(search);
  if (!query || query.kind === "success") return null;

  if (query.kind === "cancel") {
    return (
      <Dialog title={t("paymentMessages.cancelTitle")} closeTo={closeTo}>
        <p>{t("paymentMessages.cancelMsg", { t: query.t })}</p>
        <div className="actions">
          {query.o ? (
            <Form method="post" action="/checkout-return" reloadDocument>
              <input type="hidden" name="o" value={query.o} />
              <input type="hidden" name="back" value={location.pathname} />
              <button type="submit" className="btn btn--danger">
                {t("paymentMessages.cancelConfirm")}
              </button>
            </Form>
          ) : null}
          <Link className="btn btn--secondary" to={closeTo} replace>
            {t("paymentMessages.cancelBack")}
          </Link>
        </div>
      </Dialog>
    );
  }

  const texts =
    query.kind === "canceledComplete"
      ? { title: "paymentMessages.canceledTitle", body: "paymentMessages.canceledMsg" }
      : query.kind === "mismatch"
        ? { title: "paymentMessages.mismatchTitle", body: "paymentMessages.mismatchMsg" }
        : { title: "paymentMessages.failTitle", body: "paymentMessages.failMsg" };
  const failed = query.kind === "fail" || query.kind === "mismatch";
  return (
    <Dialog title={t(texts.title)} closeTo={closeTo} role={failed ? "alertdialog" : "dialog"}>
      <div
        className={`alert ${failed ? "alert--error" : "alert--warning"}`}
        role={failed ? "alert" : "status"}
      >
        <p>{t(texts.body)}</p>
        {query.kind === "fail" && query.error ? <p>{t(`paymentErrors.${query.error}`)}</p> : null}
      </div>
      <div className="actions">
        <Link className="btn btn--secondary" to={closeTo} replace>
          {t("paymentMessages.close")}
        </Link>
      </div>
    </Dialog>
  );
}
