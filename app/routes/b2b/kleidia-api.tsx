import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, href, Link, redirect } from "react-router";
import {
  DEFAULT_TOKEN_SCOPES,
  TOKEN_SCOPES,
  defaultExpiryDay,
  maxExpiryDay,
  minExpiryDay,
} from "../../../core/access-tokens";
import { tokenCreateSchema, type ApiAccessToken } from "../../../core/contract";
import {
  API_REFERENCE_PATH,
  createToken,
  listTokens,
  revokeToken,
  tokenExamplePath,
} from "../../.server/api/tokens";
import { requireActiveUser } from "../../.server/guards";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { getApi, requireDropdownMeters, requireShell } from "../../.server/shell";
import {
  ErrorSummary,
  FieldErrors,
  getFormProps,
  getInputProps,
  SubmitButton,
  TextField,
  useForm,
  type SubmissionResult,
} from "../../components/form";
import { RadioGroup } from "../../components/form/RadioGroup";
import stylesHref from "../../components/people/people.css?url";
import tokensStylesHref from "../../components/tokens/tokens.css?url";
import { formatAddress, formatDate, formatStamp, supplyNumber } from "../../domain/format";
import { getInstance } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/kleidia-api";

export const handle: RouteHandle = {
  i18n: ["tokens", "forms"],
  breadcrumb: "tokens:title",
};

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "stylesheet", href: tokensStylesHref },
];

export const headers = noStoreHeaders;

/**
 * /b2b/settings/kleidia-api (#19): the person's personal access tokens. The list (with the last
 * use), a form for a new one, its secret shown once in the answer to the create (never in a URL
 * or the session), and revoke, asked first (without JavaScript too: the answer shows the real
 * button).
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const [tokens, meters] = await Promise.all([
    listTokens(getApi(args), shell.user.id),
    requireDropdownMeters(args),
  ]);
  const t = getInstance(args.context).getFixedT(null, "tokens");
  const now = new Date();
  return data(
    {
      title: t("title"),
      userId: shell.user.id,
      /** The reference page and a first call, as links and the example show them. */
      apiReference: API_REFERENCE_PATH,
      examplePath: tokenExamplePath(shell.user.id),
      exampleUrl: new URL(tokenExamplePath(shell.user.id), args.request.url).href,
      tokens: tokens.ok ? tokens.data : null,
      supplies: meters.map((m) => ({
        id: m.id,
        number: supplyNumber(m),
        address: formatAddress(m),
      })),
      defaultExpiry: defaultExpiryDay(now),
      minExpiry: minExpiryDay(now),
      maxExpiry: maxExpiryDay(now),
    },
    { headers: NO_STORE },
  );
}

interface TokensActionData {
  result?: SubmissionResult<string[]>;
  formError?: string;
  /** The new token's secret: in this answer only. */
  created?: { name: string; secret: string };
  /** The token whose revocation is asked. */
  confirm?: string;
  revokeError?: string;
}

const reply = (body: TokensActionData, status: number) =>
  data<TokensActionData>(body, { status, headers: NO_STORE });

const failureKey = (failure: { code: string; status: number }) =>
  failure.code === "not_permitted" || failure.status === 403
    ? "tokens:errors.notPermitted"
    : "tokens:errors.failed";

/** intent=create (the form), revoke-ask, revoke (token_id). */
export async function action(args: Route.ActionArgs) {
  const { api, user } = await requireActiveUser(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const tokenId = String(form.get("token_id") ?? "");
  if (intent === "revoke-ask") return reply({ confirm: tokenId }, 200);
  if (intent === "revoke") {
    const revoked = await revokeToken(api, user.id, tokenId);
    if (!revoked.ok) return reply({ revokeError: failureKey(revoked) }, 400);
    getSession(args.context).flash("toast", { type: "success", key: "tokens:toast.revoked" });
    throw redirect(href("/b2b/settings/kleidia-api"), 303);
  }
  const submission = parseWithZod(form, { schema: tokenCreateSchema });
  if (submission.status !== "success") return reply({ result: submission.reply() }, 400);
  const made = await createToken(api, user.id, {
    ...submission.value,
    meter_ids: submission.value.all_supplies === 1 ? [] : submission.value.meter_ids,
  });
  if (made.ok) {
    return reply(
      {
        result: submission.reply({ resetForm: true }),
        created: { name: made.data.token.name, secret: made.data.secret },
      },
      201,
    );
  }
  if (made.code === "validation" && made.field && made.message)
    return reply(
      { result: submission.reply({ fieldErrors: { [made.field]: [made.message] } }) },
      400,
    );
  return reply({ result: submission.reply({ formErrors: [failureKey(made)] }) }, 400);
}

interface CreateFields {
  name: string;
  scopes: string[];
  all_supplies: string;
  meter_ids: string[];
  expires_on: string;
}

export default function AccessTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["tokens", "forms"]);
  const { tokens, supplies } = loaderData;
  // With JavaScript the page is not reloaded after a create: take the reader to the secret, shown
  // this once, which appears above the form they submitted (without JavaScript the new page
  // starts at the top, above it).
  const createdRef = useRef<HTMLHeadingElement>(null);
  const secret = actionData?.created?.secret;
  useEffect(() => {
    if (!secret) return;
    createdRef.current?.scrollIntoView({ block: "start" });
    createdRef.current?.focus({ preventScroll: true });
  }, [secret]);
  return (
    <div className="people">
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      <p>{t("intro")}</p>
      <p>
        {t("howTo", { userId: loaderData.userId, path: loaderData.examplePath })}{" "}
        {/* The API's own page (api/openapi/docs.ts), not a portal route: a plain link. */}
        <a href={loaderData.apiReference}>{t("docsLink")}</a>
      </p>

      {actionData?.created ? (
        <section className="card alert alert--success" aria-labelledby="token-created">
          <h2 id="token-created" className="card__title" tabIndex={-1} ref={createdRef}>
            {t("created.title", { name: actionData.created.name })}
          </h2>
          <div className="field">
            <label className="field__label" htmlFor="token-secret">
              {t("created.label")}
            </label>
            <p className="field__hint" id="token-secret-hint">
              {t("created.hint")}
            </p>
            <input
              id="token-secret"
              className="input tokens-secret"
              readOnly
              value={actionData.created.secret}
              aria-describedby="token-secret-hint"
              spellCheck={false}
              autoComplete="off"
            />
          </div>
          <p>{t("created.example")}</p>
          <pre className="tokens-example">
            <code>{`curl -H "Authorization: Bearer ${actionData.created.secret}" \\\n  ${loaderData.exampleUrl}`}</code>
          </pre>
        </section>
      ) : null}

      <section className="card people-section" aria-labelledby="tokens-list">
        <h2 id="tokens-list" className="card__title">
          {t("list.title")}
        </h2>
        {actionData?.revokeError ? (
          <p className="alert alert--error" role="alert">
            {t(actionData.revokeError)}
          </p>
        ) : null}
        {!tokens ? (
          <p className="alert alert--warning" role="status">
            {t("errors.loadFailed")}
          </p>
        ) : tokens.length === 0 ? (
          <p>{t("list.empty")}</p>
        ) : (
          <div className="people-table-wrap">
            <table className="table people-table tokens-table">
              <caption className="visually-hidden">{t("list.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("columns.name")}</th>
                  <th scope="col">{t("columns.scopes")}</th>
                  <th scope="col">{t("columns.supplies")}</th>
                  <th scope="col">{t("columns.created")}</th>
                  <th scope="col">{t("columns.expires")}</th>
                  <th scope="col">{t("columns.lastUse")}</th>
                  <th scope="col">{t("columns.status")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("columns.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <TokenRow key={token.id} token={token} confirm={actionData?.confirm} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <CreateForm
        key={actionData?.created?.secret ?? "form"}
        result={actionData?.created ? undefined : actionData?.result}
        supplies={supplies}
        defaultExpiry={loaderData.defaultExpiry}
        minExpiry={loaderData.minExpiry}
        maxExpiry={loaderData.maxExpiry}
      />

      <p>
        <Link to={`${href("/b2b/episkopisi")}?modal=settings&step=2`}>{t("back")}</Link>
      </p>
    </div>
  );
}

function TokenRow({ token, confirm }: { token: ApiAccessToken; confirm: string | undefined }) {
  const { t } = useTranslation("tokens");
  return (
    <tr>
      <th scope="row">{token.name}</th>
      <td data-label={t("columns.scopes")}>
        {token.scopes.map((s) => t(`scopes.${s}`)).join(", ")}
      </td>
      <td data-label={t("columns.supplies")}>
        {token.all_supplies
          ? t("supplies.all")
          : t("supplies.count", { count: token.meter_ids.length })}
      </td>
      <td data-label={t("columns.created")}>{formatStamp(token.created_at)}</td>
      {/* The day chosen (the token ends with it, UTC): a date, as the form asked for it. */}
      <td data-label={t("columns.expires")}>{formatDate(token.expires_at)}</td>
      <td data-label={t("columns.lastUse")}>
        {token.last_used_at
          ? t("lastUse", { when: formatStamp(token.last_used_at), ip: token.last_used_ip ?? "-" })
          : t("neverUsed")}
      </td>
      <td data-label={t("columns.status")}>{t(`status.${token.status}`)}</td>
      <td data-label={t("columns.actions")}>
        {token.status !== "active" ? null : confirm === token.id ? (
          <div className="alert alert--warning people-confirm" role="alert">
            <p>{t("revoke.confirm", { name: token.name })}</p>
            <Form method="post" className="actions">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="token_id" value={token.id} />
              <button type="submit" className="btn btn--danger">
                {t("revoke.yes")}
              </button>
              <Link to="." relative="path" preventScrollReset>
                {t("revoke.cancel")}
              </Link>
            </Form>
          </div>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-ask" />
            <input type="hidden" name="token_id" value={token.id} />
            <button type="submit" className="btn btn--secondary btn--small">
              {t("revoke.ask")}
              <span className="visually-hidden"> {token.name}</span>
            </button>
          </Form>
        )}
      </td>
    </tr>
  );
}

function CreateForm({
  result,
  supplies,
  defaultExpiry,
  minExpiry,
  maxExpiry,
}: {
  result: SubmissionResult<string[]> | undefined;
  supplies: Array<{ id: number; number: string; address: string }>;
  defaultExpiry: string;
  minExpiry: string;
  maxExpiry: string;
}) {
  const { t } = useTranslation(["tokens", "forms"]);
  const [form, fields] = useForm<CreateFields>({
    id: "token-create",
    lastResult: result,
    defaultValue: {
      scopes: [...DEFAULT_TOKEN_SCOPES],
      all_supplies: "1",
      expires_on: defaultExpiry,
    },
  });
  const readScopes = TOKEN_SCOPES.filter((s) => s !== "personal");
  const scopeBox = (scope: string) => {
    const { key, ...props } = getInputProps(fields.scopes, { type: "checkbox", value: scope });
    return (
      <li key={key ?? scope} className="check">
        <input {...props} id={`scope-${scope}`} name="scopes" />
        <label htmlFor={`scope-${scope}`}>
          {t(`scopes.${scope}`)}
          <span className="field__hint"> {t(`scopeHints.${scope}`)}</span>
        </label>
      </li>
    );
  };
  return (
    <section className="card people-section" aria-labelledby="token-new">
      <h2 id="token-new" className="card__title">
        {t("new.title")}
      </h2>
      <Form method="post" className="form" {...getFormProps(form)}>
        <ErrorSummary
          form={form}
          ns={["tokens", "forms", "common"]}
          labelKey={(name) => `tokens:fields.${name.replace(/\[\d+\]$/, "")}`}
        />
        <TextField
          meta={fields.name}
          label={t("fields.name")}
          hint={t("new.nameHint")}
          autoComplete="off"
          maxLength={60}
          errorNs={["tokens", "forms"]}
        />
        <fieldset
          className="field"
          id={fields.scopes.id}
          aria-describedby={fields.scopes.errors?.length ? fields.scopes.errorId : undefined}
        >
          <legend className="field__label">{t("fields.scopes")}</legend>
          <FieldErrors
            id={fields.scopes.errorId}
            errors={fields.scopes.errors}
            ns={["tokens", "forms"]}
          />
          <ul className="people-supplies__list tokens-checks">{readScopes.map(scopeBox)}</ul>
        </fieldset>
        <fieldset className="field">
          <legend className="field__label">{t("fields.personal")}</legend>
          <ul className="people-supplies__list tokens-checks">{scopeBox("personal")}</ul>
        </fieldset>
        <RadioGroup
          meta={fields.all_supplies}
          legend={t("fields.all_supplies")}
          options={[
            { value: "1", label: t("supplies.allOption") },
            { value: "0", label: t("supplies.chosenOption") },
          ]}
        />
        <fieldset
          className="field people-supplies"
          id={fields.meter_ids.id}
          aria-describedby={fields.meter_ids.errors?.length ? fields.meter_ids.errorId : undefined}
        >
          <legend className="field__label">{t("fields.meter_ids")}</legend>
          <p className="field__hint">{t("supplies.chosenHint")}</p>
          <FieldErrors
            id={fields.meter_ids.errorId}
            errors={fields.meter_ids.errors}
            ns={["tokens", "forms"]}
          />
          <ul className="people-supplies__list tokens-checks">
            {supplies.map((s) => {
              const { key, ...props } = getInputProps(fields.meter_ids, {
                type: "checkbox",
                value: String(s.id),
              });
              return (
                <li key={key ?? s.id} className="check">
                  <input {...props} id={`token-supply-${s.id}`} name="meter_ids" />
                  <label htmlFor={`token-supply-${s.id}`}>
                    {t("supplies.option", { number: s.number, address: s.address })}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <TextField
          meta={fields.expires_on}
          type="date"
          label={t("fields.expires_on")}
          hint={t("new.expiryHint", { max: maxExpiry })}
          min={minExpiry}
          max={maxExpiry}
          errorNs={["tokens", "forms"]}
        />
        <div className="actions">
          <SubmitButton name="intent" value="create">
            {t("new.submit")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
