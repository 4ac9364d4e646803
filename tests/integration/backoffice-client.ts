import { createHash, randomBytes } from "node:crypto";
import { addDays } from "../../core/calendar.ts";
import type { CallResult, createClient } from "./client";
import type { TestServer } from "./server";

/*
 * The back office's side of the tests (#36 §1): a service credential as the CLI makes it, the
 * billing system's key of a supply, and a batch POST with its per-item answer.
 */

/** One item's answer of a batch (api/backoffice/batch.ts). */
export interface BatchResult {
  index: number;
  key: string | null;
  outcome: "created" | "updated" | "unchanged" | "refused";
  id?: number;
  reason?: string;
  field?: string;
}
export interface BatchAnswer {
  results: BatchResult[];
  summary: Record<BatchResult["outcome"], number>;
}

/** A service credential as the CLI makes it (scripts/backoffice.ts): a row with the secret's SHA-256, `nrgbo_<id>_<secret>`. */
export function createServiceClient(
  server: TestServer,
  name: string,
  scopes: string[],
): { id: number; credential: string } {
  const secret = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(secret).digest("base64url");
  const [row] = server.query<{ id: number }>(
    `INSERT INTO backoffice_clients (name, scopes, secret_hash, created_at)
     VALUES ('${name}', '${JSON.stringify(scopes)}', '${hash}', '${new Date().toISOString()}')
     RETURNING id`,
  );
  return { id: row!.id, credential: `nrgbo_${row!.id}_${secret}` };
}

/** The billing system's key of a supply, recorded as its supplies batch does. */
export function keySupply(server: TestServer, key: string, meterId: number): void {
  server.query(
    `INSERT INTO backoffice_keys (kind, external_key, portal_id, content_hash, updated_at)
     VALUES ('supply', '${key}', ${meterId}, 'x', '${new Date().toISOString()}')`,
  );
}

/** POST /api/backoffice/{path} with `items`, as the billing system calls it (no portal origin). */
export function backofficeBatch(
  api: ReturnType<typeof createClient>,
  credential: string,
  path: string,
  items: unknown[],
): Promise<CallResult<BatchAnswer>> {
  return api.call<BatchAnswer>(`/backoffice/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${credential}` },
    body: { items },
    origin: false,
  });
}

/** Each item's [key, outcome, reason, field], in order. */
export const outcomes = (answer: BatchAnswer) =>
  answer.results.map((r) => [r.key, r.outcome, r.reason ?? null, r.field ?? null]);

/**
 * An unpaid Clearance bill of one energy line, issued `today` and due 20 days later, as an
 * invoices batch item; `prefix` (a digit) keeps the invoice numbers of two files apart.
 */
export const unpaidBill = (
  today: string,
  prefix: string,
  key: string,
  supply_key: string,
  total: number,
) => ({
  key,
  supply_key,
  invoice_no: `${prefix}${key.replace(/\D/g, "").padStart(11, "0")}`,
  type: "Clearance",
  issue_date: today,
  date_due: addDays(today, 20),
  previous_balance: 0,
  current_amount: total,
  total,
  lines: [{ code: "energy", amount: total }],
  status: "unpaid",
});
