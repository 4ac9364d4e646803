import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TableHead } from "./TableHead";
import { TitledCard } from "./TitledCard";

describe("TableHead", () => {
  it("is one header cell per column, numbers right-aligned", () => {
    expect(
      renderToStaticMarkup(
        <table>
          <TableHead columns={[{ label: "Charge" }, { label: "Amount", num: true }]} />
        </table>,
      ),
    ).toBe(
      '<table><thead><tr><th scope="col">Charge</th>' +
        '<th scope="col" class="num">Amount</th></tr></thead></table>',
    );
  });
});

describe("TitledCard", () => {
  it("is a section named by its heading", () => {
    expect(
      renderToStaticMarkup(
        <TitledCard id="invoice-lines" title="The bill explained">
          <p>…</p>
        </TitledCard>,
      ),
    ).toBe(
      '<section class="card" aria-labelledby="invoice-lines">' +
        '<h2 id="invoice-lines" class="card__title">The bill explained</h2><p>…</p></section>',
    );
  });
});
