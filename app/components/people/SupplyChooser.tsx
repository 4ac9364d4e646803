import { useTranslation } from "react-i18next";
import type { ApiSupplyChoices } from "../../../core/contract";
import type { FieldMetadata } from "../form";
import { FieldErrors } from "../form";
import { FilterSelect, PlainField } from "../form/PlainField";
import { RadioGroup } from "../form/RadioGroup";
import type { SupplyFilters } from "../../domain/people";

/**
 * "All supplies" or chosen ones, for the invite and change forms (#18). A holder may have 200
 * supplies: the list is narrowed on the server by a search (supply number or address), a city or
 * postal code and a tariff. The filter is a submit button of the same form (intent=filter), so
 * what was typed and ticked stays, with JavaScript and without; ticked supplies the filter hides
 * are kept as hidden fields and counted.
 */
export function SupplyChooser({
  allMeta,
  idsMeta,
  choices,
  filters,
  chosen,
}: {
  allMeta: FieldMetadata<unknown>;
  idsMeta: FieldMetadata<unknown>;
  choices: ApiSupplyChoices;
  filters: SupplyFilters;
  chosen: readonly number[];
}) {
  const { t } = useTranslation(["people", "forms"]);
  const shown = new Set(choices.supplies.map((s) => s.id));
  const ticked = new Set(chosen);
  const hidden = chosen.filter((id) => !shown.has(id));
  const options = [
    ...(choices.can_give_all
      ? [{ value: "1", label: t("supplies.all"), hint: t("supplies.allHint") }]
      : []),
    { value: "0", label: t("supplies.chosen") },
  ];
  return (
    <>
      <RadioGroup meta={allMeta} legend={t("fields.all_supplies")} options={options} />
      <fieldset className="people-filter">
        <legend className="field__label">{t("supplies.filterTitle")}</legend>
        <div className="people-filter__row">
          <PlainField id="people-q" label={t("supplies.q")}>
            <input
              id="people-q"
              name="q"
              type="search"
              className="field__input"
              defaultValue={filters.q}
            />
          </PlainField>
          <FilterSelect
            id="people-region"
            name="region"
            label={t("supplies.region")}
            defaultValue={filters.region}
            options={[
              { value: "", label: t("supplies.anyRegion") },
              ...choices.regions.map((r) => ({ value: r, label: r })),
            ]}
          />
          <FilterSelect
            id="people-category"
            name="category"
            label={t("supplies.category")}
            defaultValue={filters.category}
            options={[
              { value: "", label: t("supplies.anyCategory") },
              ...choices.categories.map((c) => ({ value: c, label: c })),
            ]}
          />
        </div>
        <button type="submit" name="intent" value="filter" className="btn btn--secondary">
          {t("supplies.filter")}
        </button>
      </fieldset>
      <fieldset
        className="field people-supplies"
        id={idsMeta.id}
        aria-describedby={idsMeta.errors?.length ? idsMeta.errorId : undefined}
      >
        <legend className="field__label">{t("fields.meter_ids")}</legend>
        <p className="muted" role="status">
          {t("supplies.shown", { shown: choices.supplies.length, total: choices.total })}
          {hidden.length > 0 ? ` · ${t("supplies.keptHidden", { count: hidden.length })}` : null}
        </p>
        <FieldErrors id={idsMeta.errorId} errors={idsMeta.errors} ns={["people", "forms"]} />
        {hidden.map((id) => (
          <input key={`kept-${id}`} type="hidden" name="meter_ids" value={id} />
        ))}
        {choices.supplies.length === 0 ? (
          <p>{t("supplies.noMatch")}</p>
        ) : (
          <ul className="people-supplies__list">
            {choices.supplies.map((s) => (
              <li key={s.id} className="check">
                <input
                  type="checkbox"
                  id={`supply-${s.id}`}
                  name="meter_ids"
                  value={s.id}
                  defaultChecked={ticked.has(s.id)}
                />
                <label htmlFor={`supply-${s.id}`}>
                  {t("supplies.option", { number: s.number || "-", address: s.address })}
                  {s.category ? (
                    <span className="field__hint">
                      {" "}
                      {t("supplies.tariff", { category: s.category })}
                    </span>
                  ) : null}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </>
  );
}
