import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, href, redirect } from "react-router";
import type { ApiRequestFile } from "../../../core/contract";
import {
  draftFile,
  fileRequest,
  requests as userRequestList,
  uploadRequestFile,
} from "../../.server/api/requests";
import { requireActiveUser } from "../../.server/guards";
import { getApi, requireDropdownMeters, requireShell } from "../../.server/shell";
import {
  RequestForm,
  type RequestActionData,
  type RequestFormView,
} from "../../components/requests/RequestForm";
import stylesHref from "../../components/requests/requests.css?url";
import { formatAddress, supplyNumber } from "../../domain/format";
import {
  chosenFile,
  defaultSupply,
  formatFileSize,
  formSchemaOf,
  submitFailure,
  supplyChoices,
  textFields,
} from "../../domain/requests";
import { type RequestKind } from "../../../core/requests/rules";
import { getInstance } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import { permissionError, requirePermission } from "../../.server/permission";
import type { Route } from "./+types/aitimata-form";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["requests", "forms"],
  breadcrumb: "requests:title",
};

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

/** A form post beyond this is not read at all (the file limit is 5 MB; this leaves room). */
const MAX_FORM_BYTES = 12 * 1024 * 1024;

export const headers = noStoreHeaders;

/** The two forms share this module; the URL says which one (see app/routes.ts). */
function kindOf(request: Request): RequestKind {
  // A client-side post or navigation asks for "<path>.data" (React Router's single fetch).
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return path.endsWith("/diakopi") ? "cancellation" : "name_change";
}

/**
 * A request form: name change (/b2b/aitimata/allagi-onomatos) or supply cancellation
 * (/b2b/aitimata/diakopi). The supply comes from `?meter=`, else the selected supply; supplies
 * that cannot get the request now are listed disabled with the reason.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  // A new request is managing a supply (#18): a `user` gets the not-permitted page.
  requirePermission(shell.user, "manage_supply");
  const kind = kindOf(args.request);
  const api = getApi(args);
  const requests = await userRequestList(api, shell.user.id);
  const t = getInstance(args.context).getFixedT(null, "requests");
  const meters = await requireDropdownMeters(args);
  const choices = supplyChoices(kind, meters, requests);
  const asked = Number(new URL(args.request.url).searchParams.get("meter")) || null;
  const meterId = defaultSupply(choices, asked, shell.selectedMeter.id);
  const meter = meters.find((m) => m.id === meterId) ?? shell.selectedMeter;
  const view: RequestFormView = {
    kind,
    supplies: choices.map((choice) => {
      const m = meters.find((x) => x.id === choice.id);
      return {
        id: choice.id,
        label: m ? t("supplyOption", { number: supplyNumber(m), address: formatAddress(m) }) : "",
        blocker: choice.blocker,
      };
    }),
    defaults:
      kind === "name_change"
        ? {
            meter_id: meterId === null ? "" : String(meterId),
            bill_street: meter.bill_street,
            bill_street_no: meter.bill_street_no,
            bill_postal_code: meter.bill_postal_code,
            bill_city: meter.bill_region,
            contact_person: shell.user.employee_name ?? shell.user.name,
            contact_phone: shell.user.registration_phone ?? "",
          }
        : { meter_id: meterId === null ? "" : String(meterId) },
  };
  return data(
    { view, title: t(kind === "name_change" ? "nameChange.title" : "cancellation.title") },
    { headers: NO_STORE },
  );
}

const reply = (body: RequestActionData, status: number) =>
  data<RequestActionData>(body, { status, headers: NO_STORE });

const keptOf = (file: ApiRequestFile | null) =>
  file ? { id: file.id, name: file.name, size: formatFileSize(file.size) } : null;

/**
 * Without JavaScript and with it alike: the text fields are checked with the form's schema, a
 * newly chosen file is uploaded to the API at once (checked there by its bytes and kept as a
 * draft), and if anything else is wrong the form comes back with what was typed and the file
 * kept ("file X kept"), so the customer chooses a file again only when the file was the problem.
 */
export async function action(args: Route.ActionArgs) {
  const { api, user } = await requireActiveUser(args);
  requirePermission(user, "manage_supply");
  const kind = kindOf(args.request);
  const declared = Number(args.request.headers.get("content-length") ?? 0);
  if (declared > MAX_FORM_BYTES) {
    return reply({ formError: "requests:errors.file.size" }, 413);
  }
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply({ formError: "requests:errors.failed" }, 400);
  }
  const schema = formSchemaOf(kind);
  const submission = parseWithZod(textFields(formData), { schema });

  // The attachment: a new choice replaces any kept draft; else the kept draft must still exist.
  let draft: ApiRequestFile | null = null;
  let fileError: string | null = null;
  const chosen = chosenFile(formData.get("file"));
  const keptId = formData.get("file_id");
  if (chosen) {
    const uploaded = await uploadRequestFile(api, chosen);
    if (uploaded.ok) draft = uploaded.file;
    else if (uploaded.status === 400) fileError = uploaded.message;
    else return reply({ result: submission.reply(), formError: uploaded.message }, 502);
  } else if (typeof keptId === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(keptId)) {
    const found = await draftFile(api, keptId);
    if (found.ok) draft = found.data;
    else if (found.status === 404) fileError = "requests:errors.file.expired";
    else return reply({ result: submission.reply(), formError: "requests:errors.failed" }, 502);
  } else {
    fileError = "requests:errors.file.required";
  }

  if (submission.status !== "success" || fileError || !draft) {
    return reply(
      {
        result: submission.reply(fileError ? { fieldErrors: { file: [fileError] } } : undefined),
        kept: keptOf(draft),
      },
      400,
    );
  }

  const saved = await fileRequest(api, kind, { ...submission.value, file_id: draft.id });
  if (saved.ok) {
    getSession(args.context).flash("toast", { type: "success", key: "requests:sent.toast" });
    throw redirect(
      `${href("/b2b/aitimata/:requestId", { requestId: String(saved.data.id) })}?sent=1`,
      303,
    );
  }
  const refused = permissionError(saved);
  const failure = refused ? { form: refused } : submitFailure(saved);
  if ("form" in failure) {
    return reply(
      {
        result: submission.reply({ formErrors: [failure.form] }),
        kept: keptOf(draft),
      },
      saved.status >= 500 || saved.status === 0 ? 502 : 400,
    );
  }
  return reply(
    {
      result: submission.reply({ fieldErrors: { [failure.field]: [failure.message] } }),
      kept: keptOf(draft),
    },
    400,
  );
}

export default function RequestFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requests");
  const { view } = loaderData;
  return (
    <div className="requests">
      <div className="page-head">
        <h1>{t(view.kind === "name_change" ? "nameChange.title" : "cancellation.title")}</h1>
      </div>
      <p>{t(view.kind === "name_change" ? "nameChange.intro" : "cancellation.intro")}</p>
      <section className="card">
        <RequestForm view={view} actionData={actionData} />
      </section>
      <p>
        <a href={href("/b2b/aitimata")}>{t("back")}</a>
      </p>
    </div>
  );
}
