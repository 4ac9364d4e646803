import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FilterSelect, PlainField } from "./PlainField";

/**
 * The GET filter forms' markup, attribute for attribute as the pages wrote it before they shared
 * it (bills, messages, supplies, help): the server's HTML is what a customer without JavaScript
 * gets and what hydration must find.
 */
describe("PlainField", () => {
  it("labels the control it wraps; a hint comes before it with the id the control points at", () => {
    expect(
      renderToStaticMarkup(
        <PlainField id="faq-q" label="Search" hint="Words of a question">
          <input id="faq-q" aria-describedby="faq-q-hint" />
        </PlainField>,
      ),
    ).toBe(
      '<div class="field"><label class="field__label" for="faq-q">Search</label>' +
        '<span id="faq-q-hint" class="field__hint">Words of a question</span>' +
        '<input id="faq-q" aria-describedby="faq-q-hint"/></div>',
    );
  });

  it("without a hint has none", () => {
    expect(
      renderToStaticMarkup(
        <PlainField id="x" label="X">
          <input id="x" />
        </PlainField>,
      ),
    ).toBe('<div class="field"><label class="field__label" for="x">X</label><input id="x"/></div>');
  });
});

describe("FilterSelect", () => {
  it("is a labelled select of the query parameter, its current value selected", () => {
    expect(
      renderToStaticMarkup(
        <FilterSelect
          id="bills-year"
          name="year"
          label="Year"
          defaultValue="2025"
          options={[
            { value: "", label: "All years" },
            { value: 2026, label: "2026" },
            { value: 2025, label: "2025" },
          ]}
        />,
      ),
    ).toBe(
      '<div class="field"><label class="field__label" for="bills-year">Year</label>' +
        '<select id="bills-year" name="year" class="field__select">' +
        '<option value="">All years</option><option value="2026">2026</option>' +
        '<option value="2025" selected="">2025</option></select></div>',
    );
  });
});
