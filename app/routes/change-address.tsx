import {
  getFormProps,
  getRadioProps,
  useForm,
  type SubmissionResult,
  ErrorSummary,
  fieldsLabelKey,
  FieldErrors,
  TextareaField,
  TextField,
  SubmitButton,
} from "../components/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { ApiChangeAddressLink } from "../../core/contract";
import stylesHref from "../components/all-smart.css?url";
import { PublicLayout } from "../components/PublicLayout";
import { formatAddressLine } from "../domain/address";
import { changeAddressSchema } from "../../core/change-address";
import { getInstance } from "../middleware/i18next";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/change-address";
import { NO_STORE, rejectGoneLink, verifyLink } from "../.server/hash-links";
import { changeAddress, changeAddressLink } from "../.server/api/change-address";

/**
 * /change-address/{hash}: billing-address change of the supply the signed link names (spec §2,
 * §3 "Address change"). Yes: bills go to the supply address; No: to the address typed. The
 * supply's billing address changes and shows on /b2b/paroxes.
 */
export const handle: RouteHandle = { i18n: ["changeAddress", "forms"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export function headers() {
  return NO_STORE;
}

const loadLink = (args: Route.LoaderArgs | Route.ActionArgs) =>
  verifyLink(args, "changeAddress", changeAddressLink);

export async function loader(args: Route.LoaderArgs) {
  const { link } = await loadLink(args);
  const t = getInstance(args.context).t;
  const done = new URL(args.request.url).searchParams.get("done") === "1";
  return data({ link, done, title: t("changeAddress:title") }, { headers: NO_STORE });
}

const FIELDS = ["same", "street", "street_no", "city", "zip", "area", "state", "comments"];

export async function action(args: Route.ActionArgs) {
  const { api, hash } = await loadLink(args);
  const submission = parseWithZod(await args.request.formData(), { schema: changeAddressSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  }
  const result = await changeAddress(api, hash, submission.value);
  // Post/Redirect/Get: a reload of the confirmation sends nothing twice.
  if (result.ok) {
    throw redirect(`/change-address/${encodeURIComponent(hash)}?done=1`, { headers: NO_STORE });
  }
  rejectGoneLink(args.context, "changeAddress", result);
  if (
    result.code === "validation" &&
    result.field &&
    FIELDS.includes(result.field) &&
    result.message
  ) {
    return data(
      { result: submission.reply({ fieldErrors: { [result.field]: [result.message] } }) },
      { status: 400, headers: NO_STORE },
    );
  }
  return data(
    { result: submission.reply({ formErrors: ["changeAddress:errors.failed"] }) },
    { status: 400, headers: NO_STORE },
  );
}

export default function ChangeAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["changeAddress", "forms"]);
  const { link, done } = loaderData;
  const billing = formatAddressLine(link.billing_address);
  return (
    <PublicLayout narrow>
      <h1>{done ? t("done.title") : t("title")}</h1>
      <section className="card">
        {done ? (
          <div className="alert alert--success" role="status">
            <p>{t("done.body", { supply: link.supply_number, address: billing })}</p>
          </div>
        ) : (
          <p>{t("intro")}</p>
        )}
        <dl className="facts">
          <dt>{t("holder")}</dt>
          <dd>{link.holder}</dd>
          <dt>{t("supply")}</dt>
          <dd>{link.supply_number}</dd>
          <dt>{t("supplyAddress")}</dt>
          <dd>{formatAddressLine(link.supply_address)}</dd>
          <dt>{t("currentBilling")}</dt>
          <dd>{billing}</dd>
        </dl>
        {done ? null : <AddressForm link={link} lastResult={actionData?.result} />}
      </section>
    </PublicLayout>
  );
}

/** The form's fields as posted (the action's schema checks them). */
interface AddressFormFields {
  same: "yes" | "no";
  street: string;
  street_no: string;
  city: string;
  zip: string;
  area: string;
  state: string;
  comments: string;
}

function AddressForm({
  link,
  lastResult,
}: {
  link: ApiChangeAddressLink;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["changeAddress", "forms"]);
  const [form, fields] = useForm<AddressFormFields>({
    lastResult,
    // The current billing address is the starting point; area and state of the last change too.
    defaultValue: {
      street: link.billing_address.street,
      street_no: link.billing_address.street_no,
      city: link.billing_address.region,
      zip: link.billing_address.postal_code,
      area: link.last_change?.area ?? "",
      state: link.last_change?.state ?? "",
    },
  });
  const yes = getRadioProps(fields.same, "yes");
  const no = getRadioProps(fields.same, "no");
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <ErrorSummary
        form={form}
        ns={["changeAddress", "forms", "common"]}
        labelKey={fieldsLabelKey()}
        targets={{ same: `${fields.same.id}-yes` }}
      />
      <fieldset
        className="field"
        aria-describedby={fields.same.errors?.length ? fields.same.errorId : undefined}
      >
        <legend className="field__label">{t("same")}</legend>
        <div className="check">
          <input key={yes.key} {...yes.props} />
          <label htmlFor={yes.props.id}>{t("yes")}</label>
        </div>
        <div className="check">
          <input key={no.key} {...no.props} />
          <label htmlFor={no.props.id}>{t("no")}</label>
        </div>
        <FieldErrors id={fields.same.errorId} errors={fields.same.errors} />
      </fieldset>
      <fieldset className="field">
        <legend className="field__label">{t("newAddress")}</legend>
        <p className="muted">{t("newAddressHint")}</p>
        <div className="form-row">
          <TextField meta={fields.street} label={t("fields.street")} autoComplete="address-line1" />
          <TextField meta={fields.street_no} label={t("fields.street_no")} />
        </div>
        <div className="form-row">
          <TextField meta={fields.city} label={t("fields.city")} autoComplete="address-level2" />
          <TextField
            meta={fields.zip}
            label={t("fields.zip")}
            hint={t("fields.zipHint")}
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
          />
        </div>
        <div className="form-row">
          <TextField meta={fields.area} label={t("fields.area")} autoComplete="address-level3" />
          <TextField meta={fields.state} label={t("fields.state")} autoComplete="address-level1" />
        </div>
        <TextareaField meta={fields.comments} label={t("fields.comments")} optional rows={3} />
      </fieldset>
      <div className="actions">
        <SubmitButton>{t("submit")}</SubmitButton>
      </div>
    </Form>
  );
}
