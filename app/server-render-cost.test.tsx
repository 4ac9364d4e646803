import i18next from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resources } from "../locales";

/**
 * "The first view is as fast as the repeat": per-request work of a fresh server render
 * that does not depend on the request is done once per isolate.
 */
describe("#16 a fresh server render repeats no per-isolate work", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("#16 Athens dates and stamps are formatted without building an Intl.DateTimeFormat per call", async () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        built++;
      }
    }
    vi.stubGlobal("Intl", { ...Intl, DateTimeFormat: Counting });
    vi.resetModules();
    const { athensToday } = await import("../core/dates");
    const { formatStamp } = await import("./domain/format");
    const day = new Date("2026-11-24T23:30:00Z");
    for (let i = 0; i < 5; i++) {
      expect(athensToday(day)).toBe("2026-11-25");
      expect(formatStamp("2026-11-24T23:30:00Z")).toBe("25/11/2026 01:30");
    }
    // One formatter per function and isolate at most (10 before: one per call).
    expect(built).toBeLessThanOrEqual(2);
  });

  it("#16 the server's components translate with i18next's text but not through i18next's lookup", async () => {
    const i18n = i18next.createInstance();
    // As the server's middleware (app/middleware/i18next.ts) configures each request's instance.
    await i18n.init({
      lng: "el",
      resources,
      defaultNS: "common",
      fallbackNS: "common",
      interpolation: { escapeValue: false },
    });
    const expected = [
      i18n.getFixedT("el", "overview")("title"),
      i18n.getFixedT("el", "common")("skipToContent"),
      i18n.getFixedT("el", "overview")("siteSuffix"),
      i18n.getFixedT("el", "overview")("dashboard.period", { from: "1/1", to: 2 }),
      i18n.getFixedT("el", "messages")("unreadCount", { count: 1 }),
      i18n.getFixedT("el", "messages")("unreadCount", { count: 3 }),
    ].join("|");
    // i18next's internal Translator (not in its types): every lookup of i18next goes through it.
    const { translator } = i18n as unknown as { translator: { translate(key: string): unknown } };
    const translate = vi.spyOn(translator, "translate");
    function Probe() {
      const { t } = useTranslation("overview");
      const texts = [
        t("title"),
        t("common:skipToContent"),
        t("siteSuffix"),
        t("dashboard.period", { from: "1/1", to: 2 }),
        t("messages:unreadCount", { count: 1 }),
        t("unreadCount", { ns: "messages", count: 3 }),
      ];
      return createElement("p", null, texts.join("|"));
    }
    const html = renderToString(createElement(I18nextProvider, { i18n }, createElement(Probe)));
    expect(html).toBe(`<p>${expected}</p>`);
    expect(translate).not.toHaveBeenCalled();
  });
});
