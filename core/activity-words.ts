/**
 * The activity log's words for its codes (#35): which stored values are codes, and the locale key
 * (namespace `activity`) that names each. Apart from core/activity.ts because the seed, run by
 * Node itself, loads that file and these lists come from other modules.
 */
import { TOKEN_SCOPES } from "./access-tokens";
import { ACTIVITY_REASONS, type ActivityField } from "./activity";
import { REQUEST_KINDS } from "./requests/rules";

/**
 * The fields whose values are codes, with every code the API writes: each has a label in both
 * languages (`values.<field>.<code>`); a code not listed shows the generic `values.unknown`.
 * "on" and "off" are words in any field (`values.on`, `values.off`).
 */
export const ACTIVITY_VALUE_CODES = {
  reason: ACTIVITY_REASONS,
  role: ["viewer", "user", "admin", "master"],
  language: ["el", "en"],
  supplies: ["all"],
  resent: ["1"],
  kind: REQUEST_KINDS,
  scopes: TOKEN_SCOPES,
} as const satisfies Partial<Record<ActivityField, readonly string[]>>;

/** Fields that hold a comma-separated list of codes (a token's scopes: "bills,payments"). */
const LIST_FIELDS: readonly string[] = ["scopes"];

/**
 * The locale keys (in the `activity` namespace) of a stored value, one per code of a list, or
 * null when the value is shown as it is (an amount, an address, a name). No code ever reaches a
 * person: a coded field's unknown value gets the generic label.
 */
export function activityValueKeys(field: string, value: string | number): string[] | null {
  const text = String(value);
  if (text === "on" || text === "off") return [`values.${text}`];
  const codes: readonly string[] | undefined = (
    ACTIVITY_VALUE_CODES as Partial<Record<string, readonly string[]>>
  )[field];
  if (!codes) return null;
  const parts = LIST_FIELDS.includes(field) ? text.split(",").filter(Boolean) : [text];
  return parts.map((part) => (codes.includes(part) ? `values.${field}.${part}` : "values.unknown"));
}
