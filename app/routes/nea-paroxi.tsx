import { TextField, useForm, type SubmissionResult } from "../components/form";
import { RadioGroup } from "../components/form/RadioGroup";
import { useTranslation } from "react-i18next";
import { flowAction, flowLoader, type FlowConfig } from "../.server/applications";
import { FlowForm, FlowPage, type FlowUi } from "../components/applications/FlowParts";
import stylesHref from "../components/applications/applications.css?url";
import {
  NEW_SUPPLY_STEPS,
  OWNERSHIP,
  SUPPLY_COUNT_MAX,
  SUPPLY_COUNT_MIN,
  SUPPLY_TYPES,
} from "../../core/applications/rules";
import { NEW_SUPPLY_STEP_SCHEMAS, newSupplySubmitSchema } from "../../core/applications/new-supply";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/nea-paroxi";

export const handle: RouteHandle = { i18n: ["newSupply", "forms"], title: "newSupply:title" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PATH = "/nea-paroxi";
const UI: FlowUi = {
  ns: "newSupply",
  id: "new-supply",
  path: PATH,
  steps: NEW_SUPPLY_STEPS,
  blank: "-",
};

type Values = Record<string, string>;
type DetailsFields = {
  name: string;
  afm: string;
  email: string;
  mobile: string;
  id_number: string;
  fax: string;
  supply_type: string;
  ownership: string;
  supply_count: string;
  address: string;
  postal_code: string;
  city: string;
};

const FLOW: FlowConfig = {
  ...UI,
  kind: "new_supply",
  referencePrefix: "N-",
  stepSchemas: NEW_SUPPLY_STEP_SCHEMAS,
  submitSchema: newSupplySubmitSchema,
  // The form asks for a mobile (prefilled from the account's phone), not a phone.
  prefill: ({ phone: _phone, ...fromAccount }) => fromAccount,
};

export { flowHeaders as headers } from "../.server/applications";

/**
 * New-supply application (spec §3 "New-supply fields"), reachable signed out: the
 * applicant's details and the supply wanted, a review, done with a reference number. The details
 * are saved in a server-side draft; signed in, VAT, email and mobile are prefilled.
 */
export async function loader(args: Route.LoaderArgs) {
  return flowLoader(args, FLOW);
}

export async function action(args: Route.ActionArgs) {
  return flowAction(args, FLOW);
}

export default function NewSupply({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["newSupply", "forms"]);
  const { values } = loaderData;
  const postalCity = [values.postal_code, values.city].filter(Boolean).join(" ");
  return (
    <FlowPage
      flow={UI}
      loaderData={loaderData}
      actionData={actionData}
      review={[
        ["name", values.name],
        ["afm", values.afm],
        ["idNumber", values.id_number],
        ["email", values.email],
        ["mobile", values.mobile],
        ["fax", values.fax],
        ["supplyType", values.supply_type && t(`supplyTypes.${values.supply_type}`)],
        ["ownership", values.ownership && t(`ownership.${values.ownership}`)],
        ["supplyCount", values.supply_count],
        ["address", [values.address, postalCity].filter(Boolean).join(", ")],
      ]}
    >
      {(lastResult) => <DetailsForm values={values} lastResult={lastResult} />}
    </FlowPage>
  );
}

function DetailsForm({
  values,
  lastResult,
}: {
  values: Values;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["newSupply", "forms"]);
  const [form, fields] = useForm<DetailsFields>({
    id: `${UI.id}-details`,
    lastResult,
    defaultValue: values,
  });
  return (
    <FlowForm flow={UI} form={form} step="details">
      <p className="muted">{t("required")}</p>
      <fieldset className="flow-fieldset">
        <legend>{t("sections.applicant")}</legend>
        <TextField meta={fields.name} label={t("fields.name")} autoComplete="name" />
        <div className="form-row">
          <TextField
            meta={fields.afm}
            label={t("fields.afm")}
            hint={t("fields.afmHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
          />
          <TextField
            meta={fields.id_number}
            label={t("fields.idNumber")}
            hint={t("fields.idNumberHint")}
            autoComplete="off"
            maxLength={12}
          />
        </div>
        <TextField
          meta={fields.email}
          label={t("fields.email")}
          type="email"
          autoComplete="email"
        />
        <div className="form-row">
          <TextField
            meta={fields.mobile}
            label={t("fields.mobile")}
            hint={t("fields.mobileHint")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={14}
          />
          <TextField
            meta={fields.fax}
            label={t("fields.fax")}
            hint={t("fields.faxHint")}
            optional
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
          />
        </div>
      </fieldset>
      <fieldset className="flow-fieldset">
        <legend>{t("sections.supply")}</legend>
        <RadioGroup
          meta={fields.supply_type}
          legend={t("fields.supplyType")}
          options={SUPPLY_TYPES.map((value) => ({ value, label: t(`supplyTypes.${value}`) }))}
        />
        <RadioGroup
          meta={fields.ownership}
          legend={t("fields.ownership")}
          options={OWNERSHIP.map((value) => ({ value, label: t(`ownership.${value}`) }))}
        />
        <TextField
          meta={fields.supply_count}
          label={t("fields.supplyCount")}
          hint={t("fields.supplyCountHint", { min: SUPPLY_COUNT_MIN, max: SUPPLY_COUNT_MAX })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
        />
        <TextField
          meta={fields.address}
          label={t("fields.address")}
          autoComplete="street-address"
        />
        <div className="form-row">
          <TextField
            meta={fields.postal_code}
            label={t("fields.postalCode")}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
          />
          <TextField meta={fields.city} label={t("fields.city")} autoComplete="address-level2" />
        </div>
      </fieldset>
    </FlowForm>
  );
}
