import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect } from "react-router";
import { inviteSchema, type ApiSupplyChoices } from "../../../core/contract";
import { invitePerson, supplyChoices } from "../../.server/api/people";
import { requireActiveUser } from "../../.server/guards";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { getApi, requireShell } from "../../.server/shell";
import {
  ErrorSummary,
  getFormProps,
  SubmitButton,
  TextField,
  useForm,
  type SubmissionResult,
} from "../../components/form";
import { RadioGroup } from "../../components/form/RadioGroup";
import { SupplyChooser } from "../../components/people/SupplyChooser";
import { offeredRoles, peopleWords } from "../../components/people/access";
import stylesHref from "../../components/people/people.css?url";
import {
  peopleFailure,
  postedSupplies,
  supplyFilters,
  type SupplyFilters,
} from "../../domain/people";
import { getInstance } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/xristes-nea";

export const handle: RouteHandle = {
  i18n: ["people", "forms"],
  breadcrumb: "people:new.title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

interface InviteActionData {
  result?: SubmissionResult<string[]>;
  formError?: string;
  choices?: ApiSupplyChoices;
  filters?: SupplyFilters;
  chosen?: number[];
}

/** The invite form (#18): name, email, role, all supplies or chosen ones (filtered on the server). */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const filters = supplyFilters(new URL(args.request.url).searchParams);
  const choices = await supplyChoices(getApi(args), shell.user.id, filters);
  const household = shell.user.is_legal_person !== 1;
  const words = peopleWords(getInstance(args.context).getFixedT(null, "people"), household);
  return data(
    {
      title: words.word("new.title"),
      breadcrumb: household ? "people:household.new.title" : "people:new.title",
      household,
      permitted: choices.ok,
      choices: choices.ok ? choices.data : null,
      filters,
      myRole: shell.user.test_role,
    },
    { headers: NO_STORE },
  );
}

const reply = (body: InviteActionData, status: number) =>
  data<InviteActionData>(body, { status, headers: NO_STORE });

/**
 * intent=filter: the same form again with the supplies the filters find, nothing checked or
 * sent. Otherwise the invitation: checked here with the API's own schema, then sent; a refusal
 * comes back next to its field (email in use, a supply not the inviting person's) or on top.
 */
export async function action(args: Route.ActionArgs) {
  const { api, user } = await requireActiveUser(args);
  const form = await args.request.formData();
  const filters = supplyFilters(form);
  const chosen = postedSupplies(form);
  const submission = parseWithZod(form, { schema: inviteSchema });
  const again = async (result: SubmissionResult<string[]>, status: number, formError?: string) => {
    const choices = await supplyChoices(api, user.id, filters);
    return reply(
      { result, formError, choices: choices.ok ? choices.data : undefined, filters, chosen },
      status,
    );
  };
  if (form.get("intent") === "filter") {
    // Keep what was typed; no error is shown for a filter.
    return again({ ...submission.reply(), status: undefined, error: {} }, 200);
  }
  if (submission.status !== "success") return again(submission.reply(), 400);
  const sent = await invitePerson(api, user.id, submission.value);
  if (sent.ok) {
    getSession(args.context).flash("toast", { type: "success", key: "people:toast.sent" });
    throw redirect(href("/b2b/xristes/:personId", { personId: String(sent.data.id) }), 303);
  }
  const failure = peopleFailure(sent);
  if ("form" in failure) return again(submission.reply({ formErrors: [failure.form] }), 400);
  return again(submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }), 400);
}

interface InviteFields {
  name: string;
  email: string;
  role: string;
  all_supplies: string;
  meter_ids: string[];
}

export default function InvitePerson({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "forms"]);
  const words = peopleWords(t, loaderData.household);
  const [form, fields] = useForm<InviteFields>({
    id: "invite",
    lastResult: actionData?.result,
    // A household's relative starts at the least (view only); a company's person as a user.
    defaultValue: { role: loaderData.household ? "viewer" : "user", all_supplies: "0" },
  });
  const choices = actionData?.choices ?? loaderData.choices;
  if (!loaderData.permitted || !choices) {
    return (
      <div className="people">
        <h1>{words.word("new.title")}</h1>
        <p className="alert alert--warning" role="status">
          {words.word("notPermitted")}
        </p>
      </div>
    );
  }
  const roles = offeredRoles(loaderData.myRole);
  return (
    <div className="people">
      <div className="page-head">
        <h1>{words.word("new.title")}</h1>
      </div>
      <p>{words.word("new.intro")}</p>
      <section className="card">
        <Form method="post" className="form" {...getFormProps(form)}>
          <ErrorSummary
            form={form}
            extra={[actionData?.formError]}
            ns={["people", "forms", "common"]}
            labelKey={(name) => `people:fields.${name.replace(/\[\d+\]$/, "")}`}
          />
          <TextField meta={fields.name} label={t("fields.name")} autoComplete="off" />
          <TextField
            meta={fields.email}
            label={t("fields.email")}
            type="email"
            autoComplete="off"
            errorNs={["people", "forms"]}
          />
          <RadioGroup
            meta={fields.role}
            legend={words.roleField}
            options={roles.map((role) => ({
              value: role,
              label: words.role(role),
              hint: words.hint(role),
            }))}
          />
          <SupplyChooser
            allMeta={fields.all_supplies}
            idsMeta={fields.meter_ids}
            choices={choices}
            filters={actionData?.filters ?? loaderData.filters}
            chosen={actionData?.chosen ?? []}
          />
          <div className="actions">
            <SubmitButton name="intent" value="invite">
              {t("new.submit")}
            </SubmitButton>
            <Link to={href("/b2b/xristes")}>{words.word("back")}</Link>
          </div>
        </Form>
      </section>
    </div>
  );
}
