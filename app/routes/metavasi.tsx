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
import { TARIFF_CATEGORIES, TRANSFER_STEPS } from "../../core/applications/rules";
import { TRANSFER_STEP_SCHEMAS, transferSubmitSchema } from "../../core/applications/transfer";
import { formatPrice, TARIFF_PRODUCTS, type PricedProduct } from "../../core/products";
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
  return flowLoader(args, FLOW);
}

export async function action(args: Route.ActionArgs) {
  return flowAction(args, FLOW);
}

export default function Transfer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["transfer", "forms"]);
  const { step, values } = loaderData;
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
      {(lastResult) => <StepForm key={step} step={step} values={values} lastResult={lastResult} />}
    </FlowPage>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** "nrg home Σταθερό: πάγια χρέωση 5,00 € τον μήνα, ενέργεια 0,1390 € ανά kWh." (#35 §5) */
function priceLine(t: T, { descr, prices }: PricedProduct): string {
  const kwh = (euros: number) => formatPrice(euros, 4);
  const energy = prices.night
    ? t("prices.dayNight", { day: kwh(prices.day), night: kwh(prices.night) })
    : t(prices.variable ? "prices.variable" : "prices.single", { price: kwh(prices.day) });
  return t("prices.line", {
    product: descr,
    standing: formatPrice(prices.standingPerMonth),
    energy,
  });
}

function StepForm({
  step,
  values,
  lastResult,
}: {
  step: string;
  values: Values;
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
      {step === "tariff" ? (
        <>
          {/* Each tariff with its product's prices (core/products.ts), a new customer decides here. */}
          <RadioGroup
            meta={fields.tariff}
            legend={t("fields.tariff")}
            options={TARIFF_CATEGORIES.map((value) => ({
              value,
              label: t(`tariffs.${value}`),
              hint: `${t(`tariffHints.${value}`)}. ${priceLine(t, TARIFF_PRODUCTS[value])}`,
            }))}
          />
          <p className="muted">{t("prices.note")}</p>
        </>
      ) : null}
      {step === "supply" ? <FlowTextField flow={UI} meta={fields.supply_number} /> : null}
    </FlowForm>
  );
}
