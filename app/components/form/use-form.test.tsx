import * as conform from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formValue, getAt, serialize, setAt } from "./values";
import { errorsUnder, isUnder, mergeErrors } from "./errors";
import * as kit from "./index";

/**
 * The kit's `useForm` and props helpers stand in for Conform's in the browser (ADR 0007: no form
 * library code ships). Whatever a page renders from them must be what Conform's would render, or
 * the server's HTML and the hydrated form would disagree. The same probe form is rendered with
 * Conform's hook and helpers and with the kit's, for every answer the actions give (none, a
 * refused submit with field, list and form errors, a hidden password, an accepted submit), and the
 * markup must be identical: ids, names, aria-invalid / aria-describedby, the values kept.
 */

const schema = z.object({
  name: z.string().min(2, "validate.short"),
  password: z.string().min(8, "validate.password"),
  agree: z.boolean({ error: "validate.require" }),
  choice: z.enum(["a", "b"], { error: "validate.require" }),
  month: z.string({ error: "validate.require" }),
  notes: z.string().optional(),
  items: z.array(z.object({ amount: z.coerce.number({ error: "validate.number" }).min(1) })),
});
type Fields = z.input<typeof schema>;

type Impl = Pick<
  typeof conform,
  "useForm" | "getFormProps" | "getInputProps" | "getSelectProps" | "getTextareaProps"
>;

function Probe({
  impl,
  lastResult,
  defaultValue,
}: {
  impl: Impl;
  lastResult?: conform.SubmissionResult<string[]>;
  defaultValue?: conform.DefaultValue<Fields>;
}) {
  const [form, fields] = impl.useForm<Fields>({ id: "probe", lastResult, defaultValue });
  const input = (meta: conform.FieldMetadata<unknown>, type: string, value?: string) => {
    // `key` is never set by either; leaving it out keeps React from warning about a spread key.
    const options = { type, ...(value ? { value } : {}) } as Parameters<
      typeof conform.getInputProps
    >[1];
    const { key: _key, ...props } = impl.getInputProps(
      meta as conform.FieldMetadata<string>,
      options,
    );
    return <input {...props} />;
  };
  const { key: _selectKey, ...select } = impl.getSelectProps(fields.month);
  const { key: _notesKey, ...notes } = impl.getTextareaProps(fields.notes, {
    ariaDescribedBy: fields.notes.descriptionId,
  });
  return (
    <form {...impl.getFormProps(form)}>
      {input(fields.name, "text")}
      {input(fields.password, "password")}
      {input(fields.agree, "checkbox")}
      {input(fields.choice, "radio", "a")}
      {input(fields.choice, "radio", "b")}
      <select {...select}>
        <option value="">-</option>
        <option value="01">01</option>
      </select>
      <textarea {...notes} />
      {fields.items.getFieldList().map((item, index) => (
        <span key={index}>{input(item.getFieldset().amount, "text")}</span>
      ))}
      <output>
        {JSON.stringify({
          status: form.status,
          formErrors: form.errors,
          allErrors: form.allErrors,
          valid: form.valid,
          name: [fields.name.errors, fields.name.errorId, fields.name.descriptionId],
          items: [fields.items.allErrors, fields.items.valid, fields.items.initialValue],
          // Keys sorted: the order a value was assembled in is not the page's. The kit's whole-form
          // initialValue is {} where Conform's is undefined (no page reads it).
          initial: sorted(form.initialValue ?? {}),
        })}
      </output>
    </form>
  );
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, sorted(item)]),
    );
  }
  return value;
}

function formData(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function reply(
  entries: [string, string][],
  options: Parameters<conform.Submission<unknown>["reply"]>[0] = {},
) {
  return parseWithZod(formData(entries), { schema }).reply(options);
}

const cases: [
  string,
  { lastResult?: conform.SubmissionResult<string[]>; defaultValue?: conform.DefaultValue<Fields> },
][] = [
  ["a fresh form", {}],
  [
    "a fresh form with default values",
    {
      defaultValue: {
        name: "Μαρία",
        agree: true,
        choice: "b",
        month: "01",
        items: [{ amount: "3" }, { amount: "4" }],
      },
    },
  ],
  [
    "a refused submit: field, list item and missing-field errors, the password hidden",
    {
      lastResult: reply(
        [
          ["name", "Μ"],
          ["password", "secret"],
          ["choice", "b"],
          ["notes", "γραμμή 1\nγραμμή 2"],
          ["items[0].amount", "5"],
          ["items[1].amount", "x"],
        ],
        { hideFields: ["password"] },
      ),
    },
  ],
  [
    "a refused submit with a form-level message",
    {
      lastResult: reply(
        [
          ["name", "Μαρία"],
          ["password", "long enough"],
          ["agree", "on"],
          ["choice", "a"],
          ["month", "01"],
        ],
        { formErrors: ["auth:login.errors.wrong_credentials"] },
      ),
    },
  ],
  [
    "an accepted submit",
    {
      lastResult: reply([
        ["name", "Μαρία"],
        ["password", "long enough"],
        ["agree", "on"],
        ["choice", "a"],
        ["month", "01"],
        ["items[0].amount", "2"],
      ]),
    },
  ],
  [
    "an accepted submit that resets the form",
    {
      lastResult: reply(
        [
          ["name", "Μαρία"],
          ["password", "long enough"],
          ["agree", "on"],
          ["choice", "a"],
          ["month", "01"],
        ],
        { resetForm: true },
      ),
      defaultValue: { name: "αρχικό" },
    },
  ],
];

describe("the kit's form wiring renders what Conform's does", () => {
  it.each(cases)("%s", (_name, props) => {
    const theirs = renderToStaticMarkup(<Probe impl={conform} {...props} />);
    const ours = renderToStaticMarkup(<Probe impl={kit as unknown as Impl} {...props} />);
    expect(ours).toBe(theirs);
  });

  it("ties a refused field to its message and keeps what was typed, except the password", () => {
    const html = renderToStaticMarkup(<Probe impl={kit as unknown as Impl} {...cases[2]![1]} />);
    expect(html).toMatch(
      /<input id="probe-name" [^>]*aria-invalid="true" aria-describedby="probe-name-error" type="text" name="name" value="Μ"\/>/,
    );
    expect(html).toMatch(/<input id="probe-password" [^>]*type="password" name="password"\/>/);
    expect(html).not.toContain("secret");
    expect(html).toContain('id="probe-items[1].amount"');
    expect(html).toMatch(/id="probe-items\[1\]\.amount"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="probe-items\[0\]\.amount"(?![^>]*aria-invalid)[^>]*value="5"/);
    expect(html).toContain(">γραμμή 1\nγραμμή 2</textarea>");
    expect(html).toMatch(/name="choice" checked="" value="b"/);
  });
});

describe("the props helpers give Conform's attributes", () => {
  const base = {
    id: "f-name",
    name: "name",
    formId: "f",
    errorId: "f-name-error",
    descriptionId: "f-name-description",
  };
  const metas = [
    { ...base },
    { ...base, initialValue: "typed" },
    { ...base, errors: ["validate.require"], initialValue: "x" },
    { ...base, initialValue: ["a", "c"] },
    { ...base, initialValue: "on" },
    { ...base, initialValue: null },
  ];
  const options = [
    { type: "text" },
    { type: "checkbox" },
    { type: "radio", value: "a" },
    { type: "radio", value: false },
    { type: "text", ariaDescribedBy: "f-name-hint" },
    { type: "text", value: false },
  ] as const;

  it("for inputs, selects and textareas, in every state", () => {
    for (const meta of metas) {
      const m = meta as unknown as conform.FieldMetadata<string>;
      for (const option of options) {
        expect(kit.getInputProps(m, option), JSON.stringify([meta, option])).toEqual(
          conform.getInputProps(m, option as Parameters<typeof conform.getInputProps>[1]),
        );
      }
      for (const option of [{}, { ariaDescribedBy: "f-name-hint" }]) {
        expect(kit.getSelectProps(m, option)).toEqual(conform.getSelectProps(m, option));
        expect(kit.getTextareaProps(m, option)).toEqual(conform.getTextareaProps(m, option));
      }
    }
  });

  it("for the form element", () => {
    const onSubmit = () => {};
    for (const errors of [undefined, ["x"]]) {
      const form = { id: "f", errorId: "f-error", noValidate: true, onSubmit, errors };
      const m = form as unknown as conform.FormMetadata;
      expect(kit.getFormProps(m)).toEqual(conform.getFormProps(m));
      expect(kit.getFormProps(m, { ariaDescribedBy: "intro" })).toEqual(
        conform.getFormProps(m, { ariaDescribedBy: "intro" }),
      );
    }
  });

  it("names a field's ids after its form and joins only the descriptions that apply", () => {
    expect(kit.fieldIds("settings-form", "supplies[0].email")).toEqual({
      id: "settings-form-supplies[0].email",
      errorId: "settings-form-supplies[0].email-error",
      descriptionId: "settings-form-supplies[0].email-description",
    });
    expect(kit.fieldIds("login", "")).toEqual({
      id: "login",
      errorId: "login-error",
      descriptionId: "login-description",
    });
    expect(kit.describedBy("a-error", false, null, undefined, "", "a-hint")).toBe("a-error a-hint");
    expect(kit.describedBy(false, undefined)).toBeUndefined();
  });
});

describe("values and errors", () => {
  it("reads a form's entries as Conform's submission does, files left out when empty", () => {
    const data = formData([
      ["name", "Μαρία"],
      ["items[0].amount", "1"],
      ["items[1].amount", "2"],
      ["tags", "x"],
      ["tags", "y"],
    ]);
    data.append("avatar", new File([], ""));
    expect(formValue(data)).toEqual({
      name: "Μαρία",
      items: [{ amount: "1" }, { amount: "2" }],
      tags: ["x", "y"],
      avatar: undefined,
    });
    const { avatar: _avatar, ...rest } = formValue(data);
    expect(rest).toEqual(
      parseWithZod(data, { schema: z.object({}).passthrough() }).reply().initialValue,
    );
    // Conform's own entries (the intent of a button) are not values.
    expect(
      formValue(
        formData([
          ["__intent__", "{}"],
          ["a", "1"],
        ]),
      ),
    ).toEqual({ a: "1" });
  });

  it("serializes default values as a form holds them", () => {
    expect(
      serialize({
        n: 3,
        yes: true,
        no: false,
        when: new Date("2026-11-25T10:00:00Z"),
        list: [1, null],
        nested: { gone: undefined, kept: "x" },
      }),
    ).toEqual({
      n: "3",
      yes: "on",
      when: "2026-11-25T10:00:00.000",
      list: ["1", null],
      nested: { kept: "x" },
    });
  });

  it("reads and writes nested names without changing the original", () => {
    const root = { items: [{ amount: "1" }] };
    const next = setAt(root, "items[1].amount", "2");
    expect(next).toEqual({ items: [{ amount: "1" }, { amount: "2" }] });
    expect(root).toEqual({ items: [{ amount: "1" }] });
    expect(getAt(next, "items[1].amount")).toBe("2");
    expect(getAt(next, "items[5].amount")).toBeUndefined();
    expect(setAt({}, "a.b[0]", "x")).toEqual({ a: { b: ["x"] } });
  });

  it("keeps a field's errors where the answer says null and drops empty ones", () => {
    const previous = { name: ["validate.short"], month: ["validate.require"] };
    const result = {
      status: "error",
      error: { name: null, month: [], agree: ["validate.require"] },
    } as conform.SubmissionResult<string[]>;
    expect(mergeErrors(previous, result)).toEqual({
      name: ["validate.short"],
      agree: ["validate.require"],
    });
    expect(mergeErrors(previous, { status: "success" })).toEqual({});
  });

  it("finds the errors under a fieldset or list, and only those", () => {
    const errors = {
      "": ["form"],
      items: ["list"],
      "items[0].amount": ["a"],
      itemsExtra: ["other"],
      "supplies.email": ["b"],
    };
    expect(errorsUnder(errors, "items")).toEqual({ items: ["list"], "items[0].amount": ["a"] });
    expect(errorsUnder(errors, "")).toBe(errors);
    expect(isUnder("items[0].amount", "items")).toBe(true);
    expect(isUnder("itemsExtra", "items")).toBe(false);
    expect(isUnder("supplies.email", "supplies")).toBe(true);
  });
});
