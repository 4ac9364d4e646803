import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, redirect } from "react-router";
import type { ApiVulnerable, ApiVulnerableApplication } from "../../../core/contract";
import { PAYMENT_PLAN, VULNERABLE } from "../../../core/hardship";
import { can } from "../../../core/permissions";
import {
  applicationSteps,
  DECLARATIONS_NEEDED,
  missingDeclarations,
  VULNERABLE_CATEGORIES,
  VULNERABLE_DECLARATIONS,
  type VulnerableCategory,
} from "../../../core/vulnerable";
import { getApi } from "../../.server/api";
import { fileApplication, getVulnerable } from "../../.server/api/hardship";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { pageCache } from "../../.server/page-cache";
import { permissionError, requirePermission } from "../../.server/permission";
import { registerFormSchema } from "../../.server/register-form";
import { requireShell } from "../../.server/shell";
import {
  ErrorSummary,
  FieldErrors,
  getFormProps,
  SubmitButton,
  useForm,
  type SubmissionResult,
} from "../../components/form";
import { getRadioProps } from "../../components/form/radio";
import { FileInput } from "../../components/form/FileInput";
import stylesHref from "../../components/hardship/hardship.css?url";
import { TitledCard } from "../../components/TitledCard";
import { formatDate, supplyNumber } from "../../domain/format";
import { formatFileSize } from "../../domain/requests-view";
import { sidebarAllows } from "../../domain/sidebar";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/evalotes";

export const handle: RouteHandle = {
  i18n: ["hardship", "forms"],
  title: "hardship:register.title",
  breadcrumb: "hardship:register.title",
};

/** The GET only reads. */
export const middleware: Route.MiddlewareFunction[] = [pageCache];

export const headers = noStoreHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PATH = "/b2b/evalotes";

/** A form post beyond this is not read at all (the certificate may be 5 MB; this leaves room). */
const MAX_FORM_BYTES = 12 * 1024 * 1024;

const NS = ["hardship", "forms", "common"] as const;
const LABEL_KEYS: Readonly<Record<string, string>> = {
  category: "register.form.category",
  declarations: "register.form.declarations",
  certificate: "register.form.certificate",
};

/** The selected supply, when the page is for it (a household's Active supply). */
async function registerSupply(args: Route.LoaderArgs | Route.ActionArgs) {
  const shell = await requireShell(args);
  const meter = shell.selectedMeter;
  const input = { meter, role: shell.user.test_role, legalPerson: shell.user.is_legal_person };
  if (!sidebarAllows("register", input)) throw redirect(href("/b2b/episkopisi"));
  return { shell, meter };
}

/**
 * The vulnerable-customers register (#38 §3) for the selected supply. Registered (the billing
 * system's decision, in force today): what it gives. Otherwise the latest application's status as
 * the onboarding steps show it (filed → in review → decided) and, while none is open, the
 * application form: a category, the declarations it needs and, for life support, the doctor's
 * certificate (health data: the page says where it goes and when it is deleted). Only the
 * account's master applies and downloads the certificate (core/permissions.ts apply_register);
 * anyone else of the account sees the status and who applies.
 */
export async function loader(args: Route.LoaderArgs) {
  const { shell, meter } = await registerSupply(args);
  const found = await getVulnerable(getApi(args), meter.id);
  if (!found.ok) throw data({ reason: "unavailable" }, { status: 503 });
  return data(
    {
      supply: supplyNumber(meter),
      meterId: meter.id,
      register: found.data,
      master: can(shell.user.test_role, "apply_register"),
      managers: (shell.user.managers ?? []).filter((m) => m.role === "master").map((m) => m.name),
    },
    { headers: NO_STORE },
  );
}

interface ActionData {
  result?: SubmissionResult<string[]>;
}

/** Without JavaScript and with it alike: a multipart post of the form, checked here and by the API. */
export async function action(args: Route.ActionArgs) {
  const { shell, meter } = await registerSupply(args);
  requirePermission(shell.user, "apply_register");
  const fail = (result: SubmissionResult<string[]>, status = 400) =>
    data<ActionData>({ result }, { status, headers: NO_STORE });
  const declared = Number(args.request.headers.get("content-length") ?? 0);
  if (declared > MAX_FORM_BYTES) {
    return fail(
      { status: "error", error: { certificate: ["hardship:register.errors.certificate.size"] } },
      413,
    );
  }
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return fail({ status: "error", error: { "": ["hardship:register.errors.failed"] } });
  }
  const texts = new FormData();
  for (const [key, value] of formData) if (typeof value === "string") texts.append(key, value);
  const submission = parseWithZod(texts, { schema: registerFormSchema });
  if (submission.status !== "success") return fail(submission.reply());
  const { category, declarations } = submission.value;
  // The same rule as the API's (core/vulnerable.ts), here to say it before the file travels.
  if (missingDeclarations(category, declarations).length > 0) {
    return fail(
      submission.reply({
        fieldErrors: { declarations: ["hardship:register.errors.declarations"] },
      }),
    );
  }
  const file = formData.get("certificate");
  const certificate =
    file && typeof file !== "string" && (file.size > 0 || file.name !== "") ? file : null;
  const saved = await fileApplication(getApi(args), meter.id, {
    category,
    declarations,
    // A certificate goes only with the category that needs it: no health data is sent for nothing.
    certificate: category === "life_support" ? certificate : null,
  });
  if (saved.ok) {
    getSession(args.context).flash("toast", { type: "success", key: "hardship:register.sent" });
    throw redirect(href(PATH), { status: 303, headers: NO_STORE });
  }
  const refused = permissionError({ status: saved.status, code: saved.code as never });
  if (refused) return fail(submission.reply({ formErrors: [refused] }));
  if (saved.code === "request_already_open") {
    return fail(submission.reply({ formErrors: ["hardship:register.errors.open"] }));
  }
  const field = saved.field && saved.field in LABEL_KEYS ? saved.field : null;
  const message = saved.message?.startsWith("hardship:") ? saved.message : null;
  if (field && message) return fail(submission.reply({ fieldErrors: { [field]: [message] } }));
  return fail(
    submission.reply({ formErrors: [message ?? "hardship:register.errors.failed"] }),
    saved.status >= 500 || saved.status === 0 ? 502 : 400,
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("hardship");
  const { supply, meterId, register, master, managers } = loaderData;
  const open =
    register.application !== null &&
    (register.application.status === "submitted" || register.application.status === "in_review");
  return (
    <div className="hardship">
      <div className="page-head">
        <h1>{t("register.title")}</h1>
      </div>
      <p>{t("register.intro", { supply })}</p>
      {register.registered && register.registration ? (
        <RegisteredCard registration={register.registration} />
      ) : null}
      {register.application ? (
        <ApplicationCard application={register.application} meterId={meterId} master={master} />
      ) : null}
      {!register.registered && !open ? (
        register.may_apply ? (
          <ApplyCard register={register} lastResult={actionData?.result} />
        ) : !master ? (
          <p className="alert alert--info">
            {managers.length > 0
              ? t("register.form.onlyMaster", { names: managers.join(", ") })
              : t("register.form.onlyMasterNoNames")}
          </p>
        ) : null
      ) : null}
    </div>
  );
}

/** "November, December, January, February, March, July and August": the protected months. */
function useMonthsInWords() {
  const { t } = useTranslation("hardship");
  const names = [...VULNERABLE.protectedMonths].sort((a, b) => a - b).map((m) => t(`months.${m}`));
  return names.length > 1
    ? `${names.slice(0, -1).join(", ")} ${t("and")} ${names[names.length - 1]}`
    : (names[0] ?? "");
}

function RegisteredCard({
  registration,
}: {
  registration: NonNullable<ApiVulnerable["registration"]>;
}) {
  const { t } = useTranslation("hardship");
  const months = useMonthsInWords();
  return (
    <TitledCard id="register-registered-title" title={t("register.registered.title")}>
      <dl className="facts">
        <dt>{t("register.registered.category")}</dt>
        <dd>{t(`register.categories.${registration.category}`)}</dd>
        <dt>{t("register.registered.since", { from: formatDate(registration.registered_at) })}</dt>
        <dd>
          {registration.valid_to
            ? t("register.registered.until", { to: formatDate(registration.valid_to) })
            : t("register.registered.openEnded")}
        </dd>
      </dl>
      <p>{t("register.registered.gives")}</p>
      <ul>
        <li>{t("register.registered.days", { days: VULNERABLE.minDaysToPay })}</li>
        <li>{t("register.registered.plans", { count: PAYMENT_PLAN.maxInstalmentsVulnerable })}</li>
        <li>{t("register.registered.noCut", { months })}</li>
        <li>{t("register.registered.contact", { phone: VULNERABLE.contactPhone })} </li>
      </ul>
      <p>
        <a href={`tel:${VULNERABLE.contactPhone}`}>{VULNERABLE.contactPhone}</a>
      </p>
    </TitledCard>
  );
}

function ApplicationCard({
  application,
  meterId,
  master,
}: {
  application: ApiVulnerableApplication;
  meterId: number;
  master: boolean;
}) {
  const { t } = useTranslation("hardship");
  const steps = applicationSteps(application.status);
  const current = Math.max(1, steps.findIndex((s) => s.state === "current") + 1 || steps.length);
  const decidedOn = application.decided_at ? formatDate(application.decided_at) : "";
  return (
    <TitledCard id="register-application-title" title={t("register.application.title")}>
      <dl className="facts">
        <dt>{t("register.application.category")}</dt>
        <dd>{t(`register.categories.${application.category}`)}</dd>
      </dl>
      <p>{t("register.application.filed", { date: formatDate(application.created_at) })}</p>
      <p>
        {t("register.application.stepOf", { current, total: steps.length })}
        {": "}
        <strong>{t(`register.application.steps.${steps[current - 1]?.step ?? "decided"}`)}</strong>
      </p>
      <ol className="steps">
        {steps.map((step) => (
          <li
            key={step.step}
            className={`step step--${step.state}${application.status === "rejected" && step.step === "decided" ? " step--problem" : ""}`}
            aria-current={step.state === "current" ? "step" : undefined}
          >
            {t(`register.application.steps.${step.step}`)}
            <span className="visually-hidden">
              {" "}
              ({t(`register.application.state.${step.state}`)})
            </span>
          </li>
        ))}
      </ol>
      <p
        className={
          application.status === "rejected"
            ? "alert alert--warning"
            : application.status === "approved"
              ? "alert alert--success"
              : undefined
        }
      >
        {t(`register.application.status.${application.status}`, { date: decidedOn })}
        {application.reason ? (
          <> {t("register.application.reason", { reason: application.reason })}</>
        ) : null}
      </p>
      {application.category === "life_support" ? (
        <div>
          <h3>{t("register.application.certificate")}</h3>
          {application.certificate && master ? (
            <p>
              <a href={`${href("/b2b/evalotes/vevaiosi")}?meter=${meterId}`} download>
                {t("register.application.download", {
                  name: application.certificate.name,
                  size: formatFileSize(application.certificate.size),
                })}
              </a>
            </p>
          ) : null}
          {!master ? <p className="muted">{t("register.application.onlyMaster")}</p> : null}
          <p className="muted">
            {application.certificate_deleted_on
              ? application.certificate
                ? t("register.application.deletedOn", {
                    date: formatDate(application.certificate_deleted_on),
                  })
                : t("register.application.deleted")
              : t("register.form.certificateHint")}
          </p>
        </div>
      ) : null}
    </TitledCard>
  );
}

interface RegisterFields {
  category: string;
  declarations: string[];
  certificate: string;
}

function ApplyCard({
  register,
  lastResult,
}: {
  register: ApiVulnerable;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["hardship", "forms"]);
  const [form, fields] = useForm<RegisterFields>({ lastResult });
  const chosen = new Set(
    [lastResult?.initialValue?.declarations ?? []]
      .flat()
      .filter((v): v is string => typeof v === "string"),
  );
  const categoryErrorId = `${form.id}-category-error`;
  const declarationsErrorId = `${form.id}-declarations-error`;
  const certificateId = `${form.id}-certificate`;
  const certificateHintId = `${certificateId}-hint`;
  const certificateErrors = fields.certificate.errors;
  const neededFor = (d: string) =>
    VULNERABLE_CATEGORIES.filter((c) =>
      (DECLARATIONS_NEEDED[c] as readonly string[]).includes(d),
    ).map((c) => t(`register.categories.${c}`));
  return (
    <TitledCard id="register-form-title" title={t("register.form.title")}>
      <p>{t("register.form.intro")}</p>
      <Form method="post" encType="multipart/form-data" className="form" {...getFormProps(form)}>
        <ErrorSummary
          form={form}
          ns={NS}
          labelKey={LABEL_KEYS}
          targets={{
            category: `${form.id}-category-${VULNERABLE_CATEGORIES[0]}`,
            declarations: `${form.id}-declarations-${VULNERABLE_DECLARATIONS[0]}`,
            certificate: certificateId,
          }}
        />
        <fieldset
          className="hardship-fieldset"
          aria-describedby={fields.category.errors?.length ? categoryErrorId : undefined}
        >
          <legend>{t("register.form.category")}</legend>
          {VULNERABLE_CATEGORIES.map((category: VulnerableCategory) => {
            const blocked = category === "social_tariff" && !register.has_social_tariff;
            const { key, props } = getRadioProps(fields.category, category);
            const hintId = `${props.id}-hint`;
            return (
              <div className="check" key={key}>
                <input {...props} disabled={blocked} aria-describedby={hintId} />
                <div>
                  <label htmlFor={props.id}>{t(`register.categories.${category}`)}</label>
                  <span id={hintId} className="field__hint">
                    {t(
                      blocked
                        ? "register.categoryHints.social_tariffBlocked"
                        : `register.categoryHints.${category}`,
                    )}
                  </span>
                </div>
              </div>
            );
          })}
          <FieldErrors id={categoryErrorId} errors={fields.category.errors} ns={NS} />
        </fieldset>
        <fieldset
          className="hardship-fieldset"
          aria-describedby={[
            `${form.id}-declarations-hint`,
            fields.declarations.errors?.length ? declarationsErrorId : null,
          ]
            .filter(Boolean)
            .join(" ")}
        >
          <legend>{t("register.form.declarations")}</legend>
          <p id={`${form.id}-declarations-hint`} className="field__hint">
            {t("register.form.declarationsHint")}
          </p>
          {VULNERABLE_DECLARATIONS.map((d) => {
            const id = `${form.id}-declarations-${d}`;
            return (
              <div className="check" key={d}>
                <input
                  id={id}
                  type="checkbox"
                  name="declarations"
                  value={d}
                  defaultChecked={chosen.has(d)}
                  aria-describedby={`${id}-for`}
                />
                <div>
                  <label htmlFor={id}>{t(`register.form.declaration.${d}`)}</label>
                  <span id={`${id}-for`} className="field__hint">
                    {t("register.form.needs", { list: neededFor(d).join(", ") })}
                  </span>
                </div>
              </div>
            );
          })}
          <FieldErrors id={declarationsErrorId} errors={fields.declarations.errors} ns={NS} />
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={certificateId}>
            {t("register.form.certificate")}
          </label>
          <span id={certificateHintId} className="field__hint">
            {t("register.form.certificateHint")}
          </span>
          <FileInput
            id={certificateId}
            name="certificate"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            invalid={Boolean(certificateErrors?.length)}
            describedBy={[
              certificateHintId,
              certificateErrors?.length ? fields.certificate.errorId : null,
            ]
              .filter(Boolean)
              .join(" ")}
          />
          <FieldErrors id={fields.certificate.errorId} errors={certificateErrors} ns={NS} />
        </div>
        <div className="actions">
          <SubmitButton>{t("register.form.submit")}</SubmitButton>
        </div>
      </Form>
    </TitledCard>
  );
}
