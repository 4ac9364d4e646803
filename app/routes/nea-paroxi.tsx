import { useForm, type SubmissionResult } from "../components/form";
import { RadioGroup } from "../components/form/RadioGroup";
import { useTranslation } from "react-i18next";
import { flowAction, flowLoader, type FlowConfig } from "../.server/applications";
import {
  FlowForm,
  FlowPage,
  FlowTextField,
  type FlowUi,
} from "../components/applications/FlowParts";
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
        <FlowTextField flow={UI} meta={fields.name} />
        <div className="form-row">
          <FlowTextField flow={UI} meta={fields.afm} />
          <FlowTextField flow={UI} meta={fields.id_number} />
        </div>
        <FlowTextField flow={UI} meta={fields.email} />
        <div className="form-row">
          <FlowTextField flow={UI} meta={fields.mobile} />
          <FlowTextField flow={UI} meta={fields.fax} />
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
        <FlowTextField
          flow={UI}
          meta={fields.supply_count}
          hintValues={{ min: SUPPLY_COUNT_MIN, max: SUPPLY_COUNT_MAX }}
        />
        <FlowTextField flow={UI} meta={fields.address} />
        <div className="form-row">
          <FlowTextField flow={UI} meta={fields.postal_code} />
          <FlowTextField flow={UI} meta={fields.city} />
        </div>
      </fieldset>
    </FlowForm>
  );
}
