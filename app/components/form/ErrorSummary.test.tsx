import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "../../../locales";
import {
  ErrorSummary,
  errorSummaryId,
  fieldsLabelKey,
  summaryItems,
  summaryText,
} from "./ErrorSummary";

const i18n = i18next.createInstance();
await i18n.init({ lng: "en", resources, defaultNS: "common", fallbackNS: "common" });
const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe("#15 error summary", () => {
  it("lists each refused field as a link to it, then the form's own messages", () => {
    const items = summaryItems({
      form: {
        id: "signup",
        errors: ["auth:signup.errors.captcha"],
        allErrors: {
          afm: ["validate.vat"],
          "": ["auth:signup.errors.captcha"],
          same: ["validate.require"],
          website: ["auth:signup.errors.captcha"],
          email: [],
        },
      },
      targets: { same: "signup-same-yes" },
      omit: ["website"],
      extra: [null, "common:error.unavailableBody"],
    });
    expect(items).toEqual([
      { name: "afm", target: "signup-afm", messages: ["validate.vat"] },
      { name: "same", target: "signup-same-yes", messages: ["validate.require"] },
      {
        name: null,
        target: null,
        messages: ["auth:signup.errors.captcha", "common:error.unavailableBody"],
      },
    ]);
  });

  it("renders nothing without errors", () => {
    expect(render(<ErrorSummary form={{ id: "login", allErrors: {} }} />)).toBe("");
    expect(summaryItems({ form: { id: "login" } })).toEqual([]);
  });

  it("is a titled, focusable box that takes focus when the server renders it", () => {
    const html = render(
      <ErrorSummary
        form={{
          id: "login",
          errorId: "login-error",
          errors: ["auth:login.errors.wrong_credentials"],
          allErrors: { username: ["validate.vat"] },
        }}
        ns={["forms", "auth"]}
      />,
    );
    expect(html).toContain(`id="${errorSummaryId("login")}"`);
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('autofocus=""');
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/aria-labelledby="login-error-summary-title"/);
    expect(html).toContain(">There is a problem</h2>");
    expect(html).toContain('<a href="#login-username">');
    expect(html).toContain(i18n.t("forms:validate.vat"));
    expect(html).toContain('<li id="login-error">');
    expect(html).toContain(i18n.t("auth:login.errors.wrong_credentials"));
  });

  it("names the field in each link when its label is known, and looks plain keys up in every namespace given", () => {
    expect(summaryText("VAT number *", ["Required."])).toBe("VAT number: Required.");
    expect(summaryText(null, ["Required.", "Too short."])).toBe("Required. Too short.");
    expect(fieldsLabelKey()("supply_number")).toBe("fields.supplyNumber");
    const html = render(
      <ErrorSummary
        form={{
          id: "contact",
          allErrors: { name: ["validate.require"], other: ["validate.require"] },
        }}
        ns={["contact", "forms", "common"]}
        labelKey={fieldsLabelKey()}
      />,
    );
    const required = i18n.t("forms:validate.require");
    expect(html).toContain(`>${i18n.t("contact:fields.name")}: ${required}</a>`);
    // No label key for "other": the message alone, translated from the second namespace.
    expect(html).toContain(`<a href="#contact-other">${required}</a>`);
  });
});
