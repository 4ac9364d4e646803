import type { ActivityAction } from "../../core/activity";
import el from "../../locales/el/activity.json";
import en from "../../locales/en/activity.json";
import type { Lang } from "../types";

/**
 * What the activity log's CSV says in words, in the Language header's language: the portal's own
 * translations (locales/<lang>/activity.json), so a download reads like the page.
 */
export interface CsvLabels {
  csv: (typeof en)["csv"];
  actions: Record<ActivityAction, string>;
  fields: Record<string, string>;
  nobody: string;
  removed: string;
  values: (typeof en)["values"];
  /** The text of a dotted key of the file ("values.reason.no_user"), as the page's `t(key)`. */
  text: (key: string) => string;
}

/** A dotted key's text; a missing one (never, tests/unit/activity-labels.test.ts) is the generic word. */
function lookup(file: typeof en, key: string): string {
  let node: unknown = file;
  for (const part of key.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === "string" ? node : file.values.unknown;
}

const pick = (file: typeof en): CsvLabels => ({
  csv: file.csv,
  actions: file.actions,
  fields: file.fields,
  nobody: file.nobody,
  removed: file.removed,
  values: file.values,
  text: (key) => lookup(file, key),
});

const LABELS: Record<Lang, CsvLabels> = { el: pick(el), en: pick(en) };

export const csvLabels = (lang: Lang): CsvLabels => LABELS[lang];
