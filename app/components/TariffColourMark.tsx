import { useTranslation } from "react-i18next";
import {
  TARIFF_COLOUR_STYLES,
  tariffColourKey,
  type TariffColour,
} from "../../core/tariff-colours";

/**
 * A bill's or a product's tariff colour (#37 §3), as the law has it beside the amount payable:
 * a swatch and the colour's name with its class ("Μπλε (σταθερό)"). The name carries the meaning,
 * so a colour-blind customer and a screen reader get it too; the swatch only repeats it (it is
 * hidden from assistive technology, and its border keeps the yellow visible on a white card).
 * Nothing for a gas bill or a bill issued before colours were recorded: a missing colour is never
 * guessed on a page.
 */
export function TariffColourMark({
  colour,
  label = "hidden",
  className,
}: {
  colour: TariffColour | null | undefined;
  /**
   * "Tariff colour:" before the name: shown where nothing around it says what the name is, for
   * screen readers only where the place does (a bill's amount column), none where a heading or a
   * row header beside it already says it.
   */
  label?: "shown" | "hidden" | "none";
  className?: string;
}) {
  // The common namespace: the mark is on the overview as well as the bills pages.
  const { t } = useTranslation();
  if (!colour) return null;
  const prefix = `${t("tariffColour.label")}: `;
  return (
    <span className={["tariff-mark", className].filter(Boolean).join(" ")}>
      <span
        className="tariff-mark__swatch"
        aria-hidden="true"
        style={{ background: TARIFF_COLOUR_STYLES[colour].hex }}
      />
      {label === "shown" ? prefix : null}
      {label === "hidden" ? <span className="visually-hidden">{prefix}</span> : null}
      {t(tariffColourKey(colour))}
    </span>
  );
}
