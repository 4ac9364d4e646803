import { describe, expect, it } from "vitest";
import el from "../../locales/el/questionnaire.json";
import en from "../../locales/en/questionnaire.json";
import { RATING_QUESTIONS, RATING_SCALE, RATING_SCALES, type RatingScale } from "./constants";

/**
 * #35 §4 The questionnaire's scale matches its question: a "how easy" question is not rated
 * "not at all satisfied … very satisfied". Per scale, what its question asks and what its ends
 * say, in each language.
 */
const WORDS: Record<"el" | "en", Record<RatingScale, { question: RegExp; scale: RegExp }>> = {
  en: {
    satisfied: { question: /satisfied/, scale: /satisfied.*satisfied/ },
    clear: { question: /understand/, scale: /understand.*understand/ },
    easy: { question: /easy to use/, scale: /hard.*easy/ },
    quality: { question: /rate/, scale: /poor.*excellent/ },
  },
  el: {
    satisfied: { question: /ικανοποιημ/, scale: /ικανοποιημ.*ικανοποιημ/ },
    clear: { question: /κατανοητ/, scale: /κατανοητ.*κατανοητ/ },
    easy: { question: /εύκολη/, scale: /δύσκολη.*εύκολη/ },
    quality: { question: /αξιολογ/, scale: /κακή.*άριστη/ },
  },
};

describe("#35 each rating question has the scale that answers it", () => {
  for (const [lang, file] of Object.entries({ el, en }) as ["el" | "en", typeof en][]) {
    it.each(RATING_QUESTIONS)(`${lang}: %s`, (question) => {
      const scale = RATING_SCALE[question];
      expect(file.questions[question]).toMatch(WORDS[lang][scale].question);
      expect(file.scales[scale]).toMatch(WORDS[lang][scale].scale);
    });
  }

  it("every scale is used and worded in both languages", () => {
    expect(new Set(Object.values(RATING_SCALE))).toEqual(new Set(RATING_SCALES));
    for (const scale of RATING_SCALES) {
      expect(el.scales[scale]).toBeTruthy();
      expect(en.scales[scale]).toBeTruthy();
    }
  });
});
