import { data } from "react-router";
import { useForm, type SubmissionResult } from "../components/form";
import { RadioGroup } from "../components/form/RadioGroup";
import { useTranslation } from "react-i18next";
import { flowAction, flowLoader, type FlowConfig } from "../.server/applications";
import { loadTariffPrices, type TariffPrice, type TariffPrices } from "../.server/tariff-prices";
import {
  FlowForm,
  FlowPage,
  FlowTextField,
  type FlowUi,
} from "../components/applications/FlowParts";
import stylesHref from "../components/applications/applications.css?url";
import { TARIFF_CATEGORIES, TRANSFER_STEPS } from "../../core/applications/rules";
import { TRANSFER_STEP_SCHEMAS, transferSubmitSchema } from "../../core/applications/transfer";
import { formatPrice } from "../../core/products";
import { formatDate } from "../domain/format";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/metavasi";

export const handle: RouteHandle = { i18n: ["transfer", "forms"], title: "transfer:title" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PATH = "/metavasi";
const UI: FlowUi = { ns: "transfer", id: "transfer", path: PATH, steps: TRANSFER_STEPS, blank: "" };

type Values = Record<string, string>;
type TransferFields = {
  phone: string;
  email: string;
  afm: string;
  tariff: string;
  supply_number: string;
};

const FLOW: FlowConfig = {
  ...UI,
  kind: "transfer",
  referencePrefix: "T-",
  stepSchemas: TRANSFER_STEP_SCHEMAS,
  submitSchema: transferSubmitSchema,
};

export { flowHeaders as headers } from "../.server/applications";

/**
 * The transfer flow (spec §2 "Transfer flow"), reachable signed out: contact details
 * (phone, email, VAT: its check digit; a holder the register knows must give the mobile declared
 * there, a VAT it does not know is a new customer and goes on), tariff category with each
 * tariff's prices, supply number, review, done with a reference number. Every step is saved in a server-side draft; signed in,
 * the first step is prefilled from the account.
 */
export async function loader(args: Route.LoaderArgs) {
  const flow = await flowLoader(args, FLOW);
  // The prices are the API's (the billing system's products, #36), read only on the step that
  // shows them; the flow's own headers (no-store) stay as they are.
  const tariffs = flow.data.step === "tariff" ? await loadTariffPrices(args) : null;
  return data({ ...flow.data, tariffs }, flow.init ?? undefined);
}

export async function action(args: Route.ActionArgs) {
  return flowAction(args, FLOW);
}

export default function Transfer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["transfer", "forms"]);
  const { step, values, tariffs } = loaderData;
  return (
    <FlowPage
      flow={UI}
      loaderData={loaderData}
      actionData={actionData}
      review={[
        ["phone", values.phone],
        ["email", values.email],
        ["afm", values.afm],
        ["tariff", values.tariff && t(`tariffs.${values.tariff}`), "tariff"],
        ["supplyNumber", values.supply_number, "supply"],
      ]}
    >
      {(lastResult) => (
        <StepForm
          key={step}
          step={step}
          values={values}
          tariffs={tariffs}
          lastResult={lastResult}
        />
      )}
    </FlowPage>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/**
 * "nrg home Σταθερό: πάγια χρέωση 5,00 € τον μήνα, ενέργεια 0,1390 € ανά kWh." (#35 §5); prices
 * that apply from a later day say so ("nrg home Σταθερό, από 01/03/2027: …").
 */
function priceLine(t: T, { descr, prices, from }: TariffPrice): string {
  const kwh = (euros: number) => formatPrice(euros, 4);
  const energy = prices.night
    ? t("prices.dayNight", { day: kwh(prices.day), night: kwh(prices.night) })
    : t(prices.variable ? "prices.variable" : "prices.single", { price: kwh(prices.day) });
  const parts = { product: descr, standing: formatPrice(prices.standingPerMonth), energy };
  return from
    ? t("prices.lineFrom", { ...parts, date: formatDate(from) })
    : t("prices.line", parts);
}

function StepForm({
  step,
  values,
  tariffs,
  lastResult,
}: {
  step: string;
  values: Values;
  /** The loader's prices of each tariff: present on the tariff step. */
  tariffs: TariffPrices | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["transfer", "forms"]);
  const [form, fields] = useForm<TransferFields>({
    id: `${UI.id}-${step}`,
    lastResult,
    defaultValue: values,
  });
  return (
    <FlowForm flow={UI} form={form} step={step}>
      {step === "contact" ? (
        <>
          <p className="muted">{t("contact.intro")}</p>
          <FlowTextField flow={UI} meta={fields.phone} />
          <FlowTextField flow={UI} meta={fields.email} />
          <FlowTextField flow={UI} meta={fields.afm} />
        </>
      ) : null}
      {step === "tariff" && tariffs ? (
        <>
          {/* Each tariff with its product's prices (the loader's), a new customer decides here. */}
          <RadioGroup
            meta={fields.tariff}
            legend={t("fields.tariff")}
            options={TARIFF_CATEGORIES.map((value) => ({
              value,
              label: t(`tariffs.${value}`),
              hint: `${t(`tariffHints.${value}`)}. ${priceLine(t, tariffs[value])}`,
            }))}
          />
          <p className="muted">{t("prices.note")}</p>
        </>
      ) : null}
      {step === "supply" ? <FlowTextField flow={UI} meta={fields.supply_number} /> : null}
    </FlowForm>
  );
}
