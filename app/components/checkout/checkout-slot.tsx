import { useLocation } from "react-router";
import { lazyDialog } from "../lazy-dialog";

const Dialog = lazyDialog(() => import("./CheckoutDialog").then((m) => m.CheckoutDialog));

/** Translation namespace of the dialog; the root embeds it whenever the query is present. */
export const CHECKOUT_NAMESPACE = "payments";

/** True when the URL asks for a checkout dialog (the root then embeds the namespace). */
export function hasCheckoutQuery(search: string): boolean {
  return new URLSearchParams(search).has("checkout");
}

/** For the root's namespace list: "payments" when this URL shows a checkout dialog. */
export function useCheckoutNamespace(): string | null {
  return hasCheckoutQuery(useLocation().search) ? CHECKOUT_NAMESPACE : null;
}

/** The root's checkout dialog (spec §2 "Checkout query (any page)"). */
export function CheckoutDialog() {
  if (!useCheckoutNamespace()) return null;
  return <Dialog />;
}
