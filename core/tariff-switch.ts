import type { AccountFacts, SwitchRefusal } from "./tariff-compare";
import { can } from "./permissions";
import type { TariffColour } from "./tariff-colours";

/**
 * Whether a supply may switch to a product (#37 §3, "Switch to this tariff"): the rule of
 * core/tariff-compare.ts decision 6 on its own, without the bills, because the switch is offered
 * (and re-checked when it is filed) even when too little history leaves nothing to compare. The
 * comparison's `switchRefusal` and this agree product by product (core/tariff-switch.test.ts).
 */

/** Why a product cannot be switched to: the comparison's reasons, and a key the list lacks. */
export type SwitchProblem = SwitchRefusal | "unknown_product";

/**
 * A dynamic (orange) product, as the comparison counts one (decision 3 there): monthly prices
 * given, or the orange colour.
 */
export function isDynamicProduct(product: {
  colour?: TariffColour | null;
  prices: { monthly?: readonly unknown[] } | object;
}): boolean {
  return (
    ("monthly" in product.prices && product.prices.monthly !== undefined) ||
    product.colour === "orange"
  );
}

/**
 * The first reason that holds, in the comparison's order: the product the supply is on now, a
 * business account's user (only its master or an admin decides a contract), a dynamic product
 * without the smart meter it needs to be billed hour by hour. Null: the switch may be filed.
 */
export function switchRefusal(input: {
  product: string;
  current: string | null;
  dynamic: boolean;
  account: Pick<AccountFacts, "role" | "smartMeter">;
}): SwitchRefusal | null {
  if (input.current !== null && input.product === input.current) return "current";
  if (input.account.role !== "household" && !can(input.account.role, "manage_supply"))
    return "business_user";
  if (input.dynamic && !input.account.smartMeter) return "needs_smart_meter";
  return null;
}

/** The same for a key that must first be one of `products` (a forged post names any string). */
export function switchProblem<
  P extends { name: string; colour?: TariffColour | null; prices: object },
>(
  products: readonly P[],
  input: {
    product: string;
    current: string | null;
    account: Pick<AccountFacts, "role" | "smartMeter">;
  },
): { problem: SwitchProblem } | { problem: null; product: P } {
  const product = products.find((p) => p.name === input.product);
  if (!product) return { problem: "unknown_product" };
  const refusal = switchRefusal({ ...input, dynamic: isDynamicProduct(product) });
  return refusal ? { problem: refusal } : { problem: null, product };
}
