import {
  getFormProps,
  useForm,
  type SubmissionResult,
  ErrorSummary,
  fieldsLabelKey,
  TextField,
  SubmitButton,
} from "../components/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { getApi } from "../.server/api";
import { AllSmartSteps } from "../components/AllSmartSteps";
import { PublicLayout } from "../components/PublicLayout";
import { allSmartReply, connectSchema, createCardSchema } from "../domain/all-smart";
import { formatCardNumber } from "../../core/all-smart";
import { getInstance } from "../middleware/i18next";
import type { Route } from "./+types/all-smart-step";
import { isLinkFailure, NO_STORE, rejectLink } from "../.server/hash-links";
import { athensToday } from "../../core/dates";
import { allSmartFlow, allSmartStep } from "../.server/api/all-smart";

/**
 * /all-smart-connect and /all-smart-create (spec §2): step 2 of the allSmart card, link a card by
 * its number or create one for an adult, then the done page. `?f=` carries the application's
 * random id; what was typed is kept on the server, so a reload shows it again.
 */
export { handle, headers, links } from "./all-smart";

type Step = "connect" | "create";

function stepOf(request: Request): Step {
  return new URL(request.url).pathname.startsWith("/all-smart-connect") ? "connect" : "create";
}

function flowIdOf(request: Request): string {
  const id = new URL(request.url).searchParams.get("f") ?? "";
  // No application: nothing to continue, as for a hash route without its hash (spec §2).
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw redirect("/", { headers: NO_STORE });
  return id;
}

async function loadFlow(args: Route.LoaderArgs | Route.ActionArgs) {
  const id = flowIdOf(args.request);
  const api = getApi(args);
  const result = await allSmartFlow(api, id);
  if (!result.ok) {
    if (isLinkFailure(result)) rejectLink(args.context, "allSmart", result.code);
    throw data({ error: result.code }, { status: 502 });
  }
  return { api, flow: result.data, step: stepOf(args.request) };
}

export async function loader(args: Route.LoaderArgs) {
  const { flow, step } = await loadFlow(args);
  const t = getInstance(args.context).t;
  return data(
    {
      step,
      flowId: flow.id,
      vat: flow.vat,
      name: flow.name,
      done: flow.status === "done",
      card: flow.card_number ? formatCardNumber(flow.card_number) : null,
      draft: step === "connect" ? (flow.draft_card_number ?? "") : (flow.draft_birth_date ?? ""),
      title: t(step === "connect" ? "allSmart:connect.title" : "allSmart:create.title"),
    },
    { headers: NO_STORE },
  );
}

export async function action(args: Route.ActionArgs) {
  const { api, flow, step } = await loadFlow(args);
  // Not the request's pathname: with JavaScript on, the action is posted to "….data".
  const self = `/all-smart-${step}?${new URLSearchParams({ f: flow.id })}`;
  if (flow.status === "done") throw redirect(self, { headers: NO_STORE });
  const formData = await args.request.formData();
  const submission =
    step === "connect"
      ? parseWithZod(formData, { schema: connectSchema })
      : parseWithZod(formData, { schema: createCardSchema(athensToday()) });
  const field = step === "connect" ? "card_number" : "birth_date";
  const typed = String(formData.get(field) ?? "").trim();
  // Even a value the form refuses is kept on the server: a reload shows it again.
  const body = step === "connect" ? { card_number: typed } : { birth_date: typed };
  const result = await allSmartStep(api, flow.id, step, body);
  if (result.ok) throw redirect(self, { headers: NO_STORE });
  if (isLinkFailure(result)) rejectLink(args.context, "allSmart", result.code);
  // The form's own message comes first (same rule as the API's); otherwise the API's.
  if (submission.status !== "success" && result.code !== "too_many_attempts") {
    return data({ result: submission.reply() }, { status: 400, headers: NO_STORE });
  }
  return data(
    { result: allSmartReply(submission, result, result.field === field ? field : null) },
    { status: result.status === 429 ? 429 : 400, headers: NO_STORE },
  );
}

export default function AllSmartStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["allSmart", "forms"]);
  const { step, done, vat, name, flowId } = loaderData;
  const other = step === "connect" ? "/all-smart-create" : "/all-smart-connect";
  return (
    <PublicLayout narrow>
      <h1>{done ? t("done.title") : loaderData.title}</h1>
      <AllSmartSteps current={done ? "done" : "card"} />
      <section className="card">
        {done ? (
          <>
            <div className="alert alert--success" role="status">
              <p>{t("done.body", { card: loaderData.card ?? "", vat })}</p>
            </div>
            <p>
              <a href="/">{t("done.home")}</a>
            </p>
          </>
        ) : (
          <>
            <p>{t("greeting", { name })}</p>
            <p>{t(step === "connect" ? "connect.intro" : "create.intro", { vat })}</p>
            <StepForm
              key={step}
              step={step}
              draft={loaderData.draft}
              lastResult={actionData?.result}
            />
            <p>
              <a href={`${other}?${new URLSearchParams({ f: flowId })}`}>
                {t(step === "connect" ? "connect.switch" : "create.switch")}
              </a>
            </p>
          </>
        )}
      </section>
    </PublicLayout>
  );
}

function StepForm({
  step,
  draft,
  lastResult,
}: {
  step: Step;
  draft: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(["allSmart", "forms"]);
  const [form, fields] = useForm<{ card_number: string; birth_date: string }>({
    lastResult,
    defaultValue: step === "connect" ? { card_number: draft } : { birth_date: draft },
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <ErrorSummary form={form} ns={["allSmart", "forms", "common"]} labelKey={fieldsLabelKey()} />
      {step === "connect" ? (
        <TextField
          meta={fields.card_number}
          label={t("fields.cardNumber")}
          hint={t("fields.cardNumberHint")}
          inputMode="numeric"
          maxLength={19}
          autoComplete="off"
        />
      ) : (
        <TextField
          meta={fields.birth_date}
          label={t("fields.birthDate")}
          hint={t("fields.birthDateHint")}
          type="date"
          autoComplete="bday"
        />
      )}
      <div className="actions">
        <SubmitButton>{t(step === "connect" ? "submitConnect" : "submitCreate")}</SubmitButton>
      </div>
    </Form>
  );
}
