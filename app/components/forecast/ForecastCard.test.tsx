import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "../../../locales";
import type { ForecastHeadline } from "../../domain/forecast-view";
import { ForecastCard } from "./ForecastCard";

const i18n = i18next.createInstance();
await i18n.init({ lng: "en", resources, defaultNS: "common", fallbackNS: "common" });
const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const forecast: ForecastHeadline = {
  kind: "forecast",
  period: { from: "2026-12-01", to: "2026-12-31", days: 31 },
  kwh: { day: 300, night: 80 },
  centralCents: 8840,
  range: { lowCents: 8210, highCents: 9390 },
  estimatesUsed: true,
};

describe("#37 the forecast's card", () => {
  it("is an estimate with no pay button or due date, and links the explanation", () => {
    const html = render(<ForecastCard forecast={forecast} />);
    expect(html).toContain('href="/b2b/provlepsi"');
    expect(html).not.toContain("/b2b/pay");
    expect(html).not.toContain("<button");
  });

  it("offers the reading form only to a person who may send one (#38 §4: not a viewer)", () => {
    expect(render(<ForecastCard forecast={forecast} />)).toContain('href="/b2b/kataxorisi"');
    expect(render(<ForecastCard forecast={forecast} mayReport={false} />)).not.toContain(
      "/b2b/kataxorisi",
    );
  });
});
