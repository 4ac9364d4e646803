import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect } from "react-router";
import { personChangeSchema, type ApiPerson, type ApiSupplyChoices } from "../../../core/contract";
import {
  changePerson,
  handOverMaster,
  people as peopleOf,
  person as personOf,
  removePerson,
  resendInvitation,
  setTrustedPerson,
  supplyChoices,
  withdrawInvitation,
} from "../../.server/api/people";
import type { ApiClient } from "../../.server/api/client";
import { requireActiveUser } from "../../.server/guards";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { getApi, requireShell } from "../../.server/shell";
import {
  ErrorSummary,
  getFormProps,
  SubmitButton,
  useForm,
  type SubmissionResult,
} from "../../components/form";
import { IntentButton } from "../../components/form/IntentButton";
import { RadioGroup } from "../../components/form/RadioGroup";
import { SupplyChooser } from "../../components/people/SupplyChooser";
import { offeredRoles, peopleWords, type PeopleWords } from "../../components/people/access";
import { canChooseTrustedPerson } from "../../../core/permissions";
import stylesHref from "../../components/people/people.css?url";
import { formatStamp } from "../../domain/format";
import {
  peopleFailure,
  postedSupplies,
  supplyFilters,
  type SupplyFilters,
} from "../../domain/people";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/xristes-person";

export const handle: RouteHandle = {
  i18n: ["people", "forms"],
  breadcrumb: "people:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers = noStoreHeaders;

async function loadPerson(api: ApiClient, userId: number, personId: string): Promise<ApiPerson> {
  const found = await personOf(api, userId, personId);
  if (found.ok) return found.data;
  if (found.status === 404) throw data({ reason: "not_found" }, { status: 404 });
  if (found.status === 403) throw redirect(href("/b2b/xristes"));
  throw new Error(`people: ${found.status} ${found.code}`);
}

/**
 * One person (#18): details, what their level may do, role and supplies, the invitation, the
 * copies of the notices (#38 §4, the master's choice), hand over master, removal.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const api = getApi(args);
  const person = await loadPerson(api, shell.user.id, args.params.personId);
  const filters = supplyFilters(new URL(args.request.url).searchParams);
  const choices = person.can_manage ? await supplyChoices(api, shell.user.id, filters) : null;
  const me = {
    id: shell.user.id,
    role: shell.user.test_role ?? "viewer",
    supplies: "all" as const,
  };
  const mayChooseTrusted = canChooseTrustedPerson(me, person);
  // Who receives the copies now, to say that choosing this person stops them for the other one.
  const list = mayChooseTrusted ? await peopleOf(api, shell.user.id) : null;
  const household = shell.user.is_legal_person !== 1;
  return data(
    {
      title: person.name,
      breadcrumb: household ? "people:household.title" : "people:title",
      household,
      person,
      myRole: shell.user.test_role,
      choices: choices?.ok ? choices.data : null,
      filters,
      mayChooseTrusted,
      trustedOther:
        list?.ok && list.data.trusted_person && list.data.trusted_person.id !== person.id
          ? list.data.trusted_person.name
          : null,
    },
    { headers: NO_STORE },
  );
}

type Confirm = "remove" | "master";

interface PersonActionData {
  result?: SubmissionResult<string[]>;
  formError?: string;
  choices?: ApiSupplyChoices;
  filters?: SupplyFilters;
  chosen?: number[];
  confirm?: Confirm;
  /** The form the answer belongs to: the change form, or one of the one-button forms. */
  about?: "change" | "invitation" | "master" | "remove" | "trusted";
}

const reply = (body: PersonActionData, status: number) =>
  data<PersonActionData>(body, { status, headers: NO_STORE });

/**
 * The page's forms post an `intent`: filter and save (role and supplies), resend and withdraw
 * (the invitation), remove-ask/remove and master-ask/master (each asks first, without JavaScript
 * too: the answer shows a confirmation with the real button).
 */
export async function action(args: Route.ActionArgs) {
  const { api, user } = await requireActiveUser(args);
  const personId = args.params.personId;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const session = getSession(args.context);
  const here = href("/b2b/xristes/:personId", { personId });
  const done = (key: string, to = here) => {
    session.flash("toast", { type: "success", key });
    return redirect(to, 303);
  };
  const refused = (
    about: PersonActionData["about"],
    failure: { code: string; status: number; field?: string },
  ) => {
    const found = peopleFailure(failure);
    // A refusal about a field of another form (too many re-sends: "email") is this section's.
    return reply({ about, formError: "form" in found ? found.form : found.message }, 400);
  };

  if (intent === "remove-ask") return reply({ confirm: "remove" }, 200);
  if (intent === "master-ask") return reply({ confirm: "master" }, 200);
  if (intent === "remove") {
    const r = await removePerson(api, user.id, personId);
    return r.ok ? done("people:toast.removed", href("/b2b/xristes")) : refused("remove", r);
  }
  if (intent === "master") {
    const r = await handOverMaster(api, user.id, personId);
    return r.ok ? done("people:toast.master", href("/b2b/xristes")) : refused("master", r);
  }
  if (intent === "resend") {
    const r = await resendInvitation(api, user.id, personId);
    return r.ok ? done("people:person.resent") : refused("invitation", r);
  }
  if (intent === "trusted-on" || intent === "trusted-off") {
    const on = intent === "trusted-on";
    const r = await setTrustedPerson(api, user.id, personId, on);
    return r.ok
      ? done(on ? "people:trusted.chosen" : "people:trusted.cleared")
      : refused("trusted", r);
  }
  if (intent === "withdraw") {
    const r = await withdrawInvitation(api, user.id, personId);
    return r.ok ? done("people:person.withdrawn") : refused("invitation", r);
  }

  const filters = supplyFilters(form);
  const chosen = postedSupplies(form);
  const submission = parseWithZod(form, { schema: personChangeSchema });
  const again = async (result: SubmissionResult<string[]>, status: number) => {
    const choices = await supplyChoices(api, user.id, filters);
    return reply(
      { about: "change", result, choices: choices.ok ? choices.data : undefined, filters, chosen },
      status,
    );
  };
  if (intent === "filter")
    return again({ ...submission.reply(), status: undefined, error: {} }, 200);
  if (submission.status !== "success") return again(submission.reply(), 400);
  const saved = await changePerson(api, user.id, personId, {
    ...submission.value,
    meter_ids: submission.value.all_supplies === 1 ? undefined : (submission.value.meter_ids ?? []),
  });
  if (saved.ok) return done("people:person.saved");
  const failure = peopleFailure(saved);
  if ("form" in failure) return again(submission.reply({ formErrors: [failure.form] }), 400);
  return again(submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }), 400);
}

interface ChangeFields {
  role: string;
  all_supplies: string;
  meter_ids: string[];
}

function ChangeForm({
  person,
  myRole,
  words,
  choices,
  filters,
  actionData,
}: {
  person: ApiPerson;
  myRole: ApiPerson["role"] | null;
  words: PeopleWords;
  choices: ApiSupplyChoices;
  filters: SupplyFilters;
  actionData: PersonActionData | undefined;
}) {
  const { t } = useTranslation(["people", "forms"]);
  const mine = actionData?.about === "change" ? actionData : undefined;
  const [form, fields] = useForm<ChangeFields>({
    id: "person-change",
    lastResult: mine?.result,
    defaultValue: {
      role: person.role,
      all_supplies: person.all_supplies ? "1" : "0",
    },
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <ErrorSummary
        form={form}
        extra={[mine?.formError]}
        ns={["people", "forms", "common"]}
        labelKey={(name) => `people:fields.${name.replace(/\[\d+\]$/, "")}`}
      />
      {offeredRoles(myRole).length > 1 ? (
        <RadioGroup
          meta={fields.role}
          legend={words.roleField}
          options={offeredRoles(myRole).map((role) => ({
            value: role,
            label: words.role(role),
            hint: words.hint(role),
          }))}
        />
      ) : null}
      <SupplyChooser
        allMeta={fields.all_supplies}
        idsMeta={fields.meter_ids}
        choices={choices}
        filters={mine?.filters ?? filters}
        chosen={mine?.chosen ?? person.meter_ids}
      />
      <p className="muted">{t("person.sessionsNote")}</p>
      <div className="actions">
        <SubmitButton name="intent" value="save">
          {t("person.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

function Confirmation({
  text,
  yes,
  intent,
  cancel,
}: {
  text: string;
  yes: string;
  intent: Confirm;
  cancel: string;
}) {
  return (
    <div className="alert alert--warning people-confirm" role="alert">
      <p>{text}</p>
      <Form method="post" className="actions">
        <input type="hidden" name="intent" value={intent} />
        <button type="submit" className="btn btn--danger">
          {yes}
        </button>
        <Link to="." relative="path" preventScrollReset>
          {cancel}
        </Link>
      </Form>
    </div>
  );
}

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["people", "forms"]);
  const { person, myRole, filters, household, mayChooseTrusted, trustedOther } = loaderData;
  const words = peopleWords(t, household);
  const choices =
    (actionData?.about === "change" ? actionData.choices : undefined) ?? loaderData.choices;
  const formError = actionData?.formError;
  const error = (about: PersonActionData["about"]) =>
    actionData?.about === about && formError ? (
      <p className="alert alert--error" role="alert">
        {t(formError)}
      </p>
    ) : null;
  return (
    <div className="people">
      <div className="page-head">
        <h1>
          {person.name} {person.is_me ? t("you") : null}
        </h1>
      </div>
      <section className="card people-section" aria-labelledby="person-facts">
        <h2 id="person-facts" className="card__title">
          {t("person.facts")}
        </h2>
        <dl className="facts">
          <div>
            <dt>{t("columns.email")}</dt>
            <dd>{person.email}</dd>
          </div>
          <div>
            <dt>{words.roleField}</dt>
            <dd>
              {words.role(person.role)}
              <span className="muted"> {t("can.intro")}</span>
              <ul className="people-can">
                {words.can(person.role).map((phrase) => (
                  <li key={phrase}>{phrase}</li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt>{t("columns.supplies")}</dt>
            <dd>
              {person.role === "master" || person.all_supplies
                ? t("allSupplies")
                : t("supplyCount", { count: person.supply_count })}
            </dd>
          </div>
          <div>
            <dt>{t("columns.status")}</dt>
            <dd>{t(`status.${person.status}`)}</dd>
          </div>
          <div>
            <dt>{t("columns.lastLogin")}</dt>
            <dd>{person.last_login_at ? formatStamp(person.last_login_at) : t("none")}</dd>
          </div>
          {person.invited_by ? (
            <div>
              <dt>{t("person.invitedBy")}</dt>
              <dd>{person.invited_by}</dd>
            </div>
          ) : null}
          {person.invitation_expires_at ? (
            <div>
              <dt>{t("person.expires")}</dt>
              <dd>{formatStamp(person.invitation_expires_at)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      {person.can_manage && choices ? (
        <section className="card people-section" aria-labelledby="person-change">
          <h2 id="person-change" className="card__title">
            {t("person.change")}
          </h2>
          <ChangeForm
            person={person}
            myRole={myRole}
            words={words}
            choices={choices}
            filters={filters}
            actionData={actionData}
          />
        </section>
      ) : person.is_me || person.role === "master" ? null : (
        <p className="muted">{t("person.cannotManage")}</p>
      )}

      {person.can_manage && person.status !== "active" ? (
        <section className="card people-section" aria-labelledby="person-invitation">
          <h2 id="person-invitation" className="card__title">
            {t("person.invitation")}
          </h2>
          {error("invitation")}
          <div className="actions">
            <IntentButton intent="resend" className="btn btn--secondary">
              {t("person.resend")}
            </IntentButton>
            {person.status === "invited" ? (
              <IntentButton intent="withdraw" className="btn btn--secondary">
                {t("person.withdraw")}
              </IntentButton>
            ) : null}
          </div>
        </section>
      ) : null}

      {mayChooseTrusted ? (
        <section className="card people-section" aria-labelledby="person-trusted">
          <h2 id="person-trusted" className="card__title">
            {t("trusted.title")}
          </h2>
          <p>{t("trusted.intro")}</p>
          {error("trusted")}
          {person.trusted_copies ? (
            <p>{t("trusted.thisOne", { name: person.name })}</p>
          ) : trustedOther ? (
            <p>{t("trusted.other", { name: trustedOther })}</p>
          ) : null}
          {person.status !== "active" ? <p className="muted">{t("trusted.pending")}</p> : null}
          <IntentButton
            intent={person.trusted_copies ? "trusted-off" : "trusted-on"}
            className="btn btn--secondary"
          >
            {person.trusted_copies ? t("trusted.clear") : t("trusted.choose")}
          </IntentButton>
        </section>
      ) : null}

      {person.can_hand_over ? (
        <section className="card people-section" aria-labelledby="person-master">
          <h2 id="person-master" className="card__title">
            {t("person.master")}
          </h2>
          <p>{t("person.masterIntro", { name: person.name })}</p>
          {error("master")}
          {actionData?.confirm === "master" ? (
            <Confirmation
              text={t("person.masterConfirm", { name: person.name })}
              yes={t("person.masterYes")}
              intent="master"
              cancel={t("person.cancel")}
            />
          ) : (
            <IntentButton intent="master-ask" className="btn btn--secondary">
              {t("person.masterAsk")}
            </IntentButton>
          )}
        </section>
      ) : myRole === "master" && person.role === "admin" && !person.is_me ? (
        <section className="card people-section" aria-labelledby="person-master">
          <h2 id="person-master" className="card__title">
            {t("person.master")}
          </h2>
          <p>{t("person.masterNotYet")}</p>
        </section>
      ) : null}

      {person.can_manage ? (
        <section className="card people-section" aria-labelledby="person-remove">
          <h2 id="person-remove" className="card__title">
            {t("person.remove")}
          </h2>
          <p>{t("person.removeIntro")}</p>
          {error("remove")}
          {actionData?.confirm === "remove" ? (
            <Confirmation
              text={t("person.removeConfirm", { name: person.name })}
              yes={t("person.removeYes")}
              intent="remove"
              cancel={t("person.cancel")}
            />
          ) : (
            <IntentButton intent="remove-ask" className="btn btn--danger">
              {t("person.removeAsk")}
            </IntentButton>
          )}
        </section>
      ) : null}

      <p>
        <Link to={href("/b2b/xristes")}>{words.word("back")}</Link>
      </p>
    </div>
  );
}
