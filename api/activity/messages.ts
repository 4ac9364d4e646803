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
}

const pick = (file: typeof en): CsvLabels => ({
  csv: file.csv,
  actions: file.actions,
  fields: file.fields,
  nobody: file.nobody,
  removed: file.removed,
  values: file.values,
});

const LABELS: Record<Lang, CsvLabels> = { el: pick(el), en: pick(en) };

export const csvLabels = (lang: Lang): CsvLabels => LABELS[lang];
