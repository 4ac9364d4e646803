import { describe, expect, it } from "vitest";
import { questionnaireAnswerSchema, questionnairePeriod } from "../../core/questionnaire/rules";

describe("questionnaire period (a calendar quarter)", () => {
  it("names the quarter and its first, last and next days", () => {
    expect(questionnairePeriod("2026-11-22")).toEqual({
      id: "2026-Q4",
      start: "2026-10-01",
      end: "2026-12-31",
      next: "2027-01-01",
    });
    expect(questionnairePeriod("2026-01-01")).toEqual({
      id: "2026-Q1",
      start: "2026-01-01",
      end: "2026-03-31",
      next: "2026-04-01",
    });
    expect(questionnairePeriod("2028-05-31").id).toBe("2028-Q2");
    expect(questionnairePeriod("2028-06-30").end).toBe("2028-06-30");
    expect(questionnairePeriod("2026-09-30")).toMatchObject({ id: "2026-Q3", next: "2026-10-01" });
  });

  it("puts the last day of a quarter and the first of the next in different periods", () => {
    expect(questionnairePeriod("2026-03-31").id).not.toBe(questionnairePeriod("2026-04-01").id);
    expect(questionnairePeriod("2026-03-31").next).toBe("2026-04-01");
  });

  it("handles leap years in the first quarter", () => {
    expect(questionnairePeriod("2028-02-29").end).toBe("2028-03-31");
  });

  it("refuses something that is not a date", () => {
    expect(() => questionnairePeriod("2026-13-01")).toThrow(RangeError);
    expect(() => questionnairePeriod("yesterday")).toThrow(RangeError);
  });
});

describe("questionnaire answer schema", () => {
  const valid = { overall: 5, bills: 4, portal: 3, support: 1, channel: "phone" };

  it("accepts four ratings 1–5, a channel and an optional comment", () => {
    expect(questionnaireAnswerSchema.parse(valid)).toEqual({ ...valid, comment: undefined });
    expect(questionnaireAnswerSchema.parse({ ...valid, comment: "  Καλή εξυπηρέτηση " })).toEqual({
      ...valid,
      comment: "Καλή εξυπηρέτηση",
    });
    expect(questionnaireAnswerSchema.parse({ ...valid, comment: "   " }).comment).toBeUndefined();
  });

  it("names the missing or wrong field with a translation key", () => {
    const issues = (input: unknown) =>
      questionnaireAnswerSchema.safeParse(input).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues({ ...valid, overall: undefined })).toEqual([
      ["overall", "questionnaire:errors.rating"],
    ]);
    expect(issues({ ...valid, bills: 6 })).toEqual([["bills", "questionnaire:errors.rating"]]);
    expect(issues({ ...valid, portal: 0 })).toEqual([["portal", "questionnaire:errors.rating"]]);
    expect(issues({ ...valid, support: 2.5 })).toEqual([
      ["support", "questionnaire:errors.rating"],
    ]);
    expect(issues({ ...valid, channel: "fax" })).toEqual([
      ["channel", "questionnaire:errors.channel"],
    ]);
    expect(issues({ ...valid, comment: "x".repeat(1001) })).toEqual([
      ["comment", "questionnaire:errors.commentTooLong"],
    ]);
    expect(issues({ ...valid, comment: "x".repeat(1000) })).toBeUndefined();
  });
});
