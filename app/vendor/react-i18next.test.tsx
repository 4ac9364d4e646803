import i18next, { type BackendModule } from "i18next";
import { Suspense } from "react";
import { renderToString as render } from "react-dom/server";

const renderToString = (node: React.ReactNode) => render(node).replaceAll("<!-- -->", "");
import { describe, expect, it } from "vitest";
import { I18nextProvider, useTranslation } from "./react-i18next";

async function instance(lng: string, backend?: BackendModule) {
  const i18n = i18next.createInstance();
  if (backend) i18n.use(backend);
  await i18n.init({
    lng,
    fallbackLng: false,
    defaultNS: "common",
    fallbackNS: "common",
    ns: [],
    partialBundledLanguages: true,
    resources: {
      el: {
        common: { hello: "Γεια" },
        forms: {
          name: "Όνομα",
          count_one: "{{count}} λογαριασμός",
          count_other: "{{count}} λογαριασμοί",
        },
      },
      en: { common: { hello: "Hello" }, forms: { name: "Name" } },
    },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

function Probe({ ns }: { ns?: string | string[] }) {
  const { t, i18n } = useTranslation(ns);
  return (
    <p>
      {i18n.language}|{t("hello")}|{t("name")}|{t("forms:count", { count: 2 })}
    </p>
  );
}

describe("the portal's react-i18next binding", () => {
  it("translates in the first namespace, falls back to common, plurals and prefixes as i18next does", async () => {
    const el = await instance("el");
    const html = renderToString(
      <I18nextProvider i18n={el}>
        <Probe ns={["forms", "common"]} />
      </I18nextProvider>,
    );
    expect(html).toContain("el|Γεια|Όνομα|2 λογαριασμοί");
    const en = await instance("en");
    expect(
      renderToString(
        <I18nextProvider i18n={en}>
          <Probe />
        </I18nextProvider>,
      ),
    ).toContain("en|Hello|name|");
  });

  it("suspends while a namespace the page did not embed is loading", async () => {
    let requested = "";
    const backend: BackendModule = {
      type: "backend",
      init() {},
      read(language, namespace, callback) {
        requested = `${language}/${namespace}`;
        callback(null, { hello: "από το δίκτυο" });
      },
    };
    const el = await instance("el", backend);
    const html = renderToString(
      <I18nextProvider i18n={el}>
        <Suspense fallback={<span>loading</span>}>
          <Probe ns="bills" />
        </Suspense>
      </I18nextProvider>,
    );
    expect(html).toContain("loading");
    expect(requested).toBe("el/bills");
    await el.loadNamespaces("bills");
    expect(
      renderToString(
        <I18nextProvider i18n={el}>
          <Probe ns="bills" />
        </I18nextProvider>,
      ),
    ).toContain("από το δίκτυο");
  });
});
