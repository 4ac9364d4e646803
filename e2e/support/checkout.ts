import { expect, type APIRequestContext } from "@playwright/test";
import type { ApiGatewayNext, ApiMeter, ApiPaymentStart } from "../../core/contract";
import { TEST_CARDS } from "../../core/gateway";
import { apiGet, apiLogin, apiPost } from "./app";

const PASSWORD = "Demo2026!";

/**
 * A real, recorded card payment of `amount` € (below 30 €: no 3-D Secure) for one of the
 * account's owing Active supplies, made through the API as the portal and the test acquirer
 * would (order, card, signed return). Returns its reference: the `t` of a genuine checkout query.
 */
export async function paidReference(
  request: APIRequestContext,
  account: { vat: string; userId: number },
  amount: number,
): Promise<string> {
  const { access_token: token } = await apiLogin(request, account.vat, PASSWORD);
  const meters = await apiGet<ApiMeter[]>(request, `/users/${account.userId}/meters`, token);
  const meter = meters.find((m) => m.status === "Active" && m.running_total >= 20);
  if (!meter) throw new Error(`no owing supply for ${account.vat}`);
  const order = await apiPost(
    request,
    "/payments/orders",
    { items: [{ meter_id: meter.id, amount }] },
    token,
  );
  expect(order.status(), "POST /api/payments/orders").toBe(201);
  const start = ((await order.json()) as { data: ApiPaymentStart }).data;
  const session = start.redirect_url.replace("/gateway/pay/", "");
  const card = await apiPost(request, `/gateway/sessions/${session}/authorize`, {
    number: TEST_CARDS.success,
    cvv: "123",
    exp_month: "12",
    exp_year: String(new Date().getUTCFullYear() + 2),
    holder: "Test Holder",
  });
  expect(card.status(), "authorize").toBe(200);
  const next = ((await card.json()) as { data: ApiGatewayNext }).data;
  expect(next.next).toBe("return");
  const fields = Object.fromEntries(new URL(next.url, "http://x").searchParams);
  const recorded = await apiPost(request, "/payments/return", fields);
  expect(recorded.status(), "POST /api/payments/return").toBe(200);
  return start.reference;
}
