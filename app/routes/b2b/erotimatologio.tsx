import {
  getFormProps,
  getRadioProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
  ErrorSummary,
  FieldErrors,
  TextareaField,
  SubmitButton,
} from "../../components/form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, href, redirect } from "react-router";
import { getApi } from "../../.server/api";
import { requireShell } from "../../.server/shell";
import stylesHref from "../../components/pages/pages.css?url";
import { formatDate } from "../../domain/format";
import {
  questionnaireAnswerSchema,
  type QuestionnaireAnswer,
} from "../../../core/questionnaire/rules";
import {
  CHANNELS,
  COMMENT_MAX,
  RATING_QUESTIONS,
  RATING_SCALE,
  type RatingQuestion,
  RATINGS,
} from "../../../core/questionnaire/constants";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/erotimatologio";
import { answerQuestionnaire, questionnaire } from "../../.server/api/questionnaire";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["questionnaire", "forms"],
  title: "questionnaire:title",
  breadcrumb: "questionnaire:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const PAGE = "/b2b/erotimatologio";
export const headers = noStoreHeaders;

/**
 * The satisfaction questionnaire: four ratings, a preferred channel and an optional
 * comment, stored by the API once per quarter. Answered, the page thanks and says when the next
 * one opens; a second answer in the same quarter (another tab, a resent form) is refused.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const status = await questionnaire(getApi(args), shell.user.id);
  const sent = new URL(args.request.url).searchParams.get("sent") === "1";
  return data({ status, sent: sent && status.answered }, { headers: NO_STORE });
}

export interface QuestionnaireActionData {
  result: SubmissionResult<string[]>;
  /** The period was already answered: when the next questionnaire opens. */
  answered?: { next: string };
}

const reply = (body: QuestionnaireActionData, status: number) =>
  data<QuestionnaireActionData>(body, { status });

export async function action(args: Route.ActionArgs) {
  const shell = await requireShell(args);
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: questionnaireAnswerSchema });
  if (submission.status !== "success") return reply({ result: submission.reply() }, 400);

  const saved = await answerQuestionnaire(getApi(args), shell.user.id, submission.value);
  if (saved.ok) throw redirect(`${href(PAGE)}?sent=1`, 303);
  if (saved.code === "questionnaire_answered") {
    return reply(
      {
        result: submission.reply({ formErrors: ["questionnaire:errors.alreadyAnswered"] }),
        answered: { next: saved.message ?? "" },
      },
      409,
    );
  }
  if (saved.code === "validation" && saved.field && saved.message) {
    return reply(
      { result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) },
      400,
    );
  }
  return reply(
    { result: submission.reply({ formErrors: ["questionnaire:errors.failed"] }) },
    saved.status >= 500 || saved.status === 0 ? 502 : 400,
  );
}

export default function Questionnaire({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("questionnaire");
  const { status, sent } = loaderData;
  const refused = actionData?.answered;
  const next = refused?.next || status.next_period_start;
  return (
    <>
      <div className="page-head">
        <h1>{t("title")}</h1>
      </div>
      {refused ? (
        <div className="alert alert--error" role="alert" id="questionnaire-refused">
          <p>{t("errors.alreadyAnswered", { date: formatDate(next) })}</p>
        </div>
      ) : null}
      {status.answered || refused ? (
        <section
          className={sent ? "card alert alert--success" : "card"}
          aria-labelledby="thanks-title"
          role={sent ? "status" : undefined}
        >
          <h2 id="thanks-title" className="card__title">
            {t("thanks.title")}
          </h2>
          <p>{t("thanks.next", { date: formatDate(next) })}</p>
        </section>
      ) : (
        <section className="card">
          <p>{t("intro", { end: formatDate(status.period_end) })}</p>
          <QuestionnaireForm lastResult={actionData?.result} />
        </section>
      )}
    </>
  );
}

function RatingGroup({ meta, name }: { meta: FieldMetadata<number>; name: RatingQuestion }) {
  const { t } = useTranslation("questionnaire");
  const legendId = `${meta.id}-legend`;
  return (
    <fieldset className="rating" aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend id={legendId}>
        {t(`questions.${name}`)}
        <span className="rating__scale">{t(`scales.${RATING_SCALE[name]}`)}</span>
      </legend>
      <div className="rating__options">
        {RATINGS.map((value) => {
          const { key, props } = getRadioProps(meta, String(value));
          return (
            <label key={key ?? value}>
              <input {...props} />
              {t(`ratings.${value}`)}
            </label>
          );
        })}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

function QuestionnaireForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["questionnaire", "forms"]);
  // Validation happens in the action only (zod stays out of the browser bundle); Conform shows
  // its answer next to the fields and keeps what was chosen and typed.
  const [form, fields] = useForm<QuestionnaireAnswer>({ lastResult });
  const channel = fields.channel;
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <p className="muted">{t("required")}</p>
      {form.errors?.includes("questionnaire:errors.alreadyAnswered") ? null : (
        <ErrorSummary form={form} ns={["questionnaire", "forms", "common"]} />
      )}
      {RATING_QUESTIONS.map((name) => (
        <RatingGroup key={name} meta={fields[name]} name={name} />
      ))}
      <fieldset className="rating" aria-describedby={channel.errors ? channel.errorId : undefined}>
        <legend>{t("questions.channel")}</legend>
        <div className="rating__options">
          {CHANNELS.map((value) => {
            const { key, props } = getRadioProps(channel, value);
            return (
              <label key={key ?? value}>
                <input {...props} />
                {t(`channels.${value}`)}
              </label>
            );
          })}
        </div>
        <FieldErrors id={channel.errorId} errors={channel.errors} />
      </fieldset>
      <TextareaField
        meta={fields.comment}
        label={t("questions.comment")}
        hint={t("commentHint", { max: COMMENT_MAX })}
        optional
        rows={4}
      />
      <div className="actions">
        <SubmitButton>{t("submit")}</SubmitButton>
      </div>
    </Form>
  );
}
