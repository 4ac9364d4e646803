import type { FieldMetadata } from "@conform-to/react";
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "../../../locales";
import { FieldErrors, Honeypot, TextareaField, TextField } from "./Field";
import { FileInput } from "./FileInput";
import { RadioGroup } from "./RadioGroup";
import { Switch } from "./Switch";

/**
 * What the kit's components put in the server's HTML: the page a customer without JavaScript gets,
 * and the markup hydration must find. The radio group's three layouts are the markup the forms had
 * before they shared it (the transfer and new-supply flows, the direct-debit supply choice, the
 * settings dialog), attribute for attribute.
 */

const i18n = i18next.createInstance();
await i18n.init({ lng: "en", resources, defaultNS: "common", fallbackNS: "common" });
const render = (node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

function meta<S = string>(
  name: string,
  state: { errors?: string[]; initialValue?: unknown; key?: string } = {},
): FieldMetadata<S> {
  const id = `f-${name}`;
  return {
    id,
    name,
    formId: "f",
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    ...state,
  } as unknown as FieldMetadata<S>;
}

const required = i18n.t("forms:validate.require");

describe("FieldErrors", () => {
  it("renders nothing for a valid field", () => {
    expect(render(<FieldErrors id="f-a-error" errors={undefined} />)).toBe("");
    expect(render(<FieldErrors id="f-a-error" errors={[]} />)).toBe("");
  });

  it("lists each message under the id the control points at, translated", () => {
    expect(
      render(
        <FieldErrors
          id="f-a-error"
          errors={["validate.require", "auth:login.errors.wrong_credentials"]}
        />,
      ),
    ).toBe(
      `<div id="f-a-error"><p class="field__error">${required}</p><p class="field__error">${i18n.t(
        "auth:login.errors.wrong_credentials",
      )}</p></div>`,
    );
  });

  it("puts them in one paragraph in the signed-out pages' layout", () => {
    expect(
      render(
        <FieldErrors
          id="f-a-error"
          errors={["validate.require", "validate.require2"]}
          ns={["forms", "auth"]}
          oneLine
        />,
      ),
    ).toBe(`<p class="field__error" id="f-a-error">${required} validate.require2</p>`);
  });
});

describe("TextField and TextareaField", () => {
  it("tie the label, hint and errors to the control", () => {
    const html = render(
      <TextField
        meta={meta("email", { errors: ["validate.require"], initialValue: "typed@" })}
        type="email"
        label="Email"
        hint="We write here"
        autoComplete="email"
      />,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="f-email">Email</label>' +
        '<span id="f-email-hint" class="field__hint">We write here</span>' +
        '<input class="field__input" id="f-email" form="f" aria-invalid="true" aria-describedby="f-email-error f-email-hint" type="email" autoComplete="email" name="email" value="typed@"/>' +
        `<div id="f-email-error"><p class="field__error">${required}</p></div></div>`,
    );
  });

  it("mark an optional field and keep what was typed in a textarea", () => {
    const html = render(
      <TextareaField
        meta={meta("notes", { initialValue: "two\nlines" })}
        label="Notes"
        optional
        rows={3}
      />,
    );
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="f-notes">Notes<span class="muted"> (' +
        i18n.t("common:optional") +
        ')</span></label><textarea class="field__textarea" rows="3" id="f-notes" name="notes" form="f">two\nlines</textarea></div>',
    );
  });

  it("in the signed-out pages' layout, mark what is required and keep their hint and error ids", () => {
    const html = render(
      <TextField
        meta={meta("afm", { errors: ["validate.require", "auth:signup.errors.no_customer"] })}
        label="VAT"
        hint="Nine digits"
        layout="public"
        required
        errorNs={["forms", "auth"]}
        autoComplete="off"
        inputMode="numeric"
        maxLength={9}
      />,
    );
    // The markup of the signed-out pages' own text field (app/auth-ui/fields.tsx before the
    // kit had this layout), but for where the class attribute stands.
    expect(html).toBe(
      '<div class="field"><label class="field__label" for="f-afm">VAT' +
        '<span class="required" aria-hidden="true"> *</span></label>' +
        '<p class="field__hint" id="f-afm-description">Nine digits</p>' +
        '<input class="field__input" id="f-afm" form="f" aria-invalid="true" aria-describedby="f-afm-error f-afm-description" type="text" autoComplete="off" inputMode="numeric" maxLength="9" aria-required="true" name="afm"/>' +
        `<p class="field__error" id="f-afm-error">${required} ${i18n.t("auth:signup.errors.no_customer")}</p></div>`,
    );
    const optional = render(
      <TextField meta={meta("name")} label="Name" layout="public" autoComplete="name" />,
    );
    expect(optional).toBe(
      '<div class="field"><label class="field__label" for="f-name">Name</label>' +
        '<input class="field__input" id="f-name" form="f" type="text" autoComplete="name" name="name"/></div>',
    );
  });

  it("hide the honeypot from people and assistive technology", () => {
    expect(render(<Honeypot label="Website" />)).toBe(
      '<div class="hp" aria-hidden="true"><label for="hp-website">Website</label><input id="hp-website" type="text" tabindex="-1" autoComplete="off" name="website" value=""/></div>',
    );
  });
});

describe("RadioGroup", () => {
  const options = [
    { value: "owner", label: "Owner", hint: "You own it" },
    { value: "tenant", label: "Tenant" },
  ];

  it("ties the error to every option and keeps the choice (the flows' layout)", () => {
    const html = render(
      <RadioGroup
        meta={meta("ownership", { errors: ["validate.require"], initialValue: "tenant" })}
        legend="Ownership"
        options={options}
      />,
    );
    expect(html).toBe(
      '<fieldset class="field radio-group" id="f-ownership"><legend class="field__label">Ownership</legend>' +
        '<div class="check"><input type="radio" id="f-ownership-owner" aria-invalid="true" aria-describedby="f-ownership-error f-ownership-owner-hint" name="ownership" value="owner"/>' +
        '<label for="f-ownership-owner">Owner<span id="f-ownership-owner-hint" class="field__hint radio-group__hint">You own it</span></label></div>' +
        '<div class="check"><input type="radio" id="f-ownership-tenant" aria-invalid="true" aria-describedby="f-ownership-error" name="ownership" checked="" value="tenant"/>' +
        '<label for="f-ownership-tenant">Tenant</label></div>' +
        `<div id="f-ownership-error"><p class="field__error">${required}</p></div></fieldset>`,
    );
  });

  it("without errors has no aria-invalid, and a hint alone describes its option", () => {
    const html = render(
      <RadioGroup meta={meta("ownership")} legend="Ownership" options={options} />,
    );
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("checked");
    expect(html).toContain('aria-describedby="f-ownership-owner-hint"');
    expect(html).toContain(
      '<input type="radio" id="f-ownership-tenant" name="ownership" value="tenant"/>',
    );
  });

  it("can announce the error on the group instead (the direct-debit supply choice)", () => {
    const html = render(
      <RadioGroup
        meta={meta("meter_id", { errors: ["validate.require"], initialValue: "2" })}
        legend="Supply"
        className="field"
        describe="group"
        options={[
          { value: "1", label: <strong>1</strong> },
          { value: "2", label: "two" },
        ]}
      />,
    );
    expect(html).toBe(
      '<fieldset class="field" aria-describedby="f-meter_id-error"><legend class="field__label">Supply</legend>' +
        '<div class="check"><input type="radio" id="f-meter_id-1" name="meter_id" value="1"/><label for="f-meter_id-1"><strong>1</strong></label></div>' +
        '<div class="check"><input type="radio" id="f-meter_id-2" name="meter_id" checked="" value="2"/><label for="f-meter_id-2">two</label></div>' +
        `<div id="f-meter_id-error"><p class="field__error">${required}</p></div></fieldset>`,
    );
    expect(
      render(<RadioGroup meta={meta("meter_id")} legend="Supply" describe="group" options={[]} />),
    ).toBe(
      '<fieldset class="field radio-group"><legend class="field__label">Supply</legend></fieldset>',
    );
  });

  it("lays options out as wrapping labels in a row (the settings dialog)", () => {
    const html = render(
      <RadioGroup
        meta={meta<number>("nrg_skin", { initialValue: "2" })}
        legend="Colours"
        className="settings-fieldset"
        describe="group"
        row={{ list: "settings-radios", option: "settings-radio" }}
        options={[
          { value: "1", label: "Blue" },
          { value: "2", label: "Green" },
          { value: "en", label: "English", lang: "en" },
        ]}
      />,
    );
    expect(html).toBe(
      '<fieldset class="settings-fieldset"><legend>Colours</legend><div class="settings-radios">' +
        '<label class="settings-radio"><input type="radio" name="nrg_skin" value="1"/>Blue</label>' +
        '<label class="settings-radio"><input type="radio" name="nrg_skin" checked="" value="2"/>Green</label>' +
        '<label class="settings-radio" lang="en"><input type="radio" name="nrg_skin" value="en"/>English</label>' +
        "</div></fieldset>",
    );
  });
});

describe("Switch and FileInput", () => {
  it("a switch is a checkbox with role=switch, on as the server last saw it", () => {
    expect(
      render(
        <Switch meta={meta<boolean | undefined>("ebill", { initialValue: "on" })} label="E-bill" />,
      ),
    ).toBe(
      '<label class="switch"><input id="f-ebill" form="f" type="checkbox" role="switch" name="ebill" checked="" value="on"/>' +
        '<span class="switch__track" aria-hidden="true"></span><span>E-bill</span></label>',
    );
    const locked = render(
      <Switch
        meta={meta<boolean | undefined>("sms", { errors: ["x"] })}
        label="SMS"
        disabled
        describedBy="locked"
      />,
    );
    // The caller's description (why the switch is locked) replaces the error's, as before.
    expect(locked).toContain('aria-invalid="true" aria-describedby="locked"');
    expect(locked).toContain('disabled=""');
  });

  it("a file input is the browser's own until hydrated (nothing to enhance without JavaScript)", () => {
    expect(
      render(
        <FileInput
          id="f-avatar"
          name="avatar"
          accept="image/png"
          invalid
          describedBy="f-avatar-hint f-avatar-error"
        />,
      ),
    ).toBe(
      '<div class="file-upload"><input id="f-avatar" type="file" class="file-upload__input" accept="image/png" aria-invalid="true" aria-describedby="f-avatar-hint f-avatar-error" name="avatar"/></div>',
    );
  });
});
