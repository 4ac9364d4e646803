/**
 * The four colours of an electricity product (#37 §3). Greek law (the regulator's classification
 * of retail electricity products) makes every supplier publish its products in four named
 * classes, each with its colour: blue fixed, green special, yellow variable, orange dynamic; the
 * bill shows the colour beside the amount payable. Gas products have none.
 *
 * A colour is stored and sent by name (products.tariff_colour, invoices.tariff_colour,
 * ApiProduct.colour, ApiInvoice.tariff_colour), never as a hex: the name is what the law
 * defines and what a screen reader says; the hex is only how this portal paints it (ADR 0030,
 * addendum). Everything that paints or names a colour reads it from here.
 */
export const TARIFF_COLOURS = ["blue", "green", "yellow", "orange"] as const;

export type TariffColour = (typeof TARIFF_COLOURS)[number];

export interface TariffColourStyle {
  /** The mark's background, #rrggbb. */
  hex: string;
  /**
   * The text written on the mark, #rrggbb: at least WCAG AA (4.5:1) against `hex`. White reads on
   * the blue and the green; the yellow and the orange are light enough that only dark text does
   * (white on #ef6c00 is 3.1:1).
   */
  text: string;
}

const DARK_TEXT = "#1a1a1a";
const LIGHT_TEXT = "#ffffff";

export const TARIFF_COLOUR_STYLES: Readonly<Record<TariffColour, TariffColourStyle>> = {
  blue: { hex: "#1565c0", text: LIGHT_TEXT },
  green: { hex: "#2e7d32", text: LIGHT_TEXT },
  yellow: { hex: "#f9c80e", text: DARK_TEXT },
  orange: { hex: "#ef6c00", text: DARK_TEXT },
};

/**
 * The namespace of the colours' names (locales/<lang>/common.json `tariffColour`): the mark stands
 * beside the amount payable on the overview's banner, the bills list, the bill page and the
 * tariffs page, and only the common namespace is on all of them (as the bill status's words).
 */
export const TARIFF_COLOURS_NS = "common";

/** A colour's name with its class, e.g. `common:tariffColour.yellow` ("Κίτρινο (κυμαινόμενο)"). */
export const tariffColourKey = (colour: TariffColour) =>
  `${TARIFF_COLOURS_NS}:tariffColour.${colour}` as const;

const NAMES: ReadonlySet<string> = new Set(TARIFF_COLOURS);

/** A stored or sent value as a colour, or null: a column written by hand never becomes a paint. */
export function asTariffColour(value: unknown): TariffColour | null {
  return typeof value === "string" && NAMES.has(value) ? (value as TariffColour) : null;
}

/**
 * The colour an electricity product's prices imply, for a product that was sent without one
 * (the '#rrggbb' rows before 0028, a hand-written row): monthly prices are dynamic (orange), a
 * variable rate yellow, anything else fixed (blue). Green (special) is never guessed: it is the
 * supplier's own class for a product and comes only by name.
 */
export function colourOfPrices(prices: {
  variable?: boolean | undefined;
  monthly?: readonly unknown[] | undefined;
}): TariffColour {
  if (prices.monthly !== undefined && prices.monthly.length > 0) return "orange";
  return prices.variable === true ? "yellow" : "blue";
}
