import type { RouteNeed } from "../../core/access-tokens";

/**
 * Which GET routes a personal access token may read (#19, docs/decisions/0020): keyed on Hono's
 * route path (`c.req.routePath`, with the /api base). A route not listed is closed to tokens;
 * tests/unit/token-scopes.test.ts fails for any GET route behind requireBearer that is not
 * listed here, so a new route is classified on purpose (a scope, or "never").
 *
 * `supply`: how to find the supply a route reads when its path names something else (an
 * invoice): the token must reach that supply, else 404 as for another customer's.
 */
export interface TokenRoute {
  need: RouteNeed;
  supply?: "invoice";
}

export const TOKEN_ROUTES: Readonly<Record<string, TokenRoute>> = {
  // What any token may read: the supplies it reaches (their ids are the other routes' input).
  "/api/users/:userId/meters": { need: "any" },
  // Bills (the billing history: bills and the payments recorded against them, PDFs).
  "/api/users/:userId/invoices": { need: "bills" },
  "/api/users/:userId/meters/:meterId/invoices": { need: "bills" },
  // The next bill's forecast (#37): worked out from the bills and readings, so a bills reader's.
  "/api/users/:userId/meters/:meterId/forecast": { need: "bills" },
  // The tariffs priced on the supply's usage (#37 §3): its bills and readings, as the forecast.
  "/api/users/:userId/meters/:meterId/tariffs": { need: "bills" },
  // The supply's ΚΟΤ and its four-month cap, and a bill's ΚΟΤ discount (#38 §2): bills' figures.
  "/api/users/:userId/meters/:meterId/social-tariff": { need: "bills" },
  "/api/invoices/:id/social-tariff": { need: "bills", supply: "invoice" },
  "/api/invoices/:id": { need: "bills", supply: "invoice" },
  "/api/getInvoicePdf/:id": { need: "bills", supply: "invoice" },
  // "Download my data" holds invoices, payments and readings: all three scopes.
  "/api/users/:userId/export": { need: { allOf: ["bills", "payments", "readings"] } },
  // Payments: a payment's receipt (every supply it paid must be within the token's).
  "/api/payments/receipts/:reference": { need: "payments" },
  "/api/payments/receipts/:reference/pdf": { need: "payments" }, // the receipt as a PDF
  // Readings and consumption (the meter's readings are its consumption data).
  "/api/users/:userId/readings": { need: { anyOf: ["readings", "consumption"] } },
  "/api/users/:userId/calendar": { need: { anyOf: ["readings", "consumption"] } },
  // Personal details: separate opt-in.
  "/api/v2/me": { need: "personal" },
  "/api/users/:id": { need: "personal" },
  "/api/users/:userId/account": { need: "personal" },

  // Session only.
  "/api/payments/results/:reference": { need: "never" }, // the checkout's return page
  "/api/users/:userId/direct-debits": { need: "never" },
  "/api/users/:userId/data-version": { need: "never" },
  "/api/users/:userId/messages": { need: "never" },
  // The vulnerable register (#38 §3): a person's circumstances, and a doctor's certificate
  // (health data, the master's only): never through a token.
  "/api/users/:userId/meters/:meterId/vulnerable": { need: "never" },
  "/api/users/:userId/meters/:meterId/vulnerable-certificate": { need: "never" },
  "/api/users/:userId/banners/:meterId": { need: "never" },
  "/api/users/:userId/meters/:meterId/shell": { need: "never" },
  "/api/user/:id/avatar": { need: "never" },
  "/api/requests/files/:fileId": { need: "never" },
  "/api/users/:userId/requests": { need: "never" },
  "/api/users/:userId/requests/:requestId": { need: "never" },
  "/api/users/:userId/requests/:requestId/file": { need: "never" },
  "/api/users/:userId/people": { need: "never" },
  "/api/users/:userId/people/supplies": { need: "never" },
  "/api/users/:userId/people/:personId": { need: "never" },
  "/api/notices": { need: "never" },
  "/api/notices/:id": { need: "never" },
  "/api/users/:userId/questionnaire": { need: "never" },
  "/api/users/:userId/activity": { need: "never" },
  "/api/users/:userId/activity.csv": { need: "never" },
  "/api/users/:userId/tokens": { need: "never" },
  // The alert a person set (#37 §2) names their own email and mobile: a setting, not a bill.
  "/api/users/:userId/meters/:meterId/alert": { need: "never" },
  // A supply's payment plan (#38 §1): its instalments are what is to be paid, as a bill's amount
  // (the supply is the token's: personOf narrows the person's supplies to it).
  "/api/users/:userId/meters/:meterId/payment-plan": { need: "payments" },
};

const NEVER: TokenRoute = { need: "never" };

/** The route's entry; an unlisted path is closed to tokens. */
export function tokenRouteOf(routePath: string): TokenRoute {
  return Object.hasOwn(TOKEN_ROUTES, routePath) ? (TOKEN_ROUTES[routePath] ?? NEVER) : NEVER;
}
