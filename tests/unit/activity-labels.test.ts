import { describe, expect, it } from "vitest";
import { ACTIVITY_ACTIONS, ACTIVITY_FIELDS, activityFieldKey } from "../../core/activity.ts";
import { ACTIVITY_VALUE_CODES, activityValueKeys } from "../../core/activity-words.ts";
import el from "../../locales/el/activity.json";
import en from "../../locales/en/activity.json";

/**
 * #35 §4 The activity log shows words, never a code: every action, every field and every coded
 * value the API can write (the lists in core/activity.ts, which type every writer's detail) has a
 * label in Greek and in English, and so do the generic labels for what is no longer written.
 */
const FILES = { el, en } as const;

function text(file: unknown, key: string): unknown {
  let node = file;
  for (const part of key.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

const keys = [
  ...ACTIVITY_ACTIONS.map((action) => `actions.${action}`),
  ...ACTIVITY_FIELDS.map((field) => activityFieldKey(field)),
  ...Object.entries(ACTIVITY_VALUE_CODES).flatMap(([field, codes]) =>
    codes.flatMap((code) => activityValueKeys(field, code) ?? []),
  ),
  "values.on",
  "values.off",
  "values.unknown",
  "fields.other",
];

describe("#35 every activity code has a label in both languages", () => {
  for (const [lang, file] of Object.entries(FILES)) {
    it(`${lang}: actions, fields and coded values`, () => {
      const missing = keys.filter((key) => {
        const value = text(file, key);
        return typeof value !== "string" || value.trim() === "";
      });
      expect(missing).toEqual([]);
    });
  }

  it("a label is never a code (no snake_case word)", () => {
    for (const file of Object.values(FILES)) {
      for (const key of keys) expect(String(text(file, key))).not.toMatch(/[a-z]_[a-z]/);
    }
    expect(text(en, "values.reason.wrong_credentials")).toBe("wrong password");
  });
});
