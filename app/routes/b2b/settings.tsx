import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import { checkAvatar } from "../../../core/image";
import { getApi } from "../../.server/api";
import { logout } from "../../.server/api/auth";
import { saveSettings, uploadAvatar } from "../../.server/api/settings";
import { changePassword } from "../../.server/api/users";
import { declineTrustedCopies } from "../../.server/api/people";
import { requireDropdownMeters, requireShell } from "../../.server/shell";
import { clearSession } from "../../.server/session-data";
import type { PasswordActionData } from "../../components/settings/PasswordDialog";
import { lazyDialog } from "../../components/lazy-dialog";
import { SettingsDialog, type SettingsActionData } from "../../components/settings/SettingsDialog";
import { avatarSrc, pageWithoutModal, withModal } from "../../.server/settings";
import { safeRedirect } from "../../domain/redirect";
import {
  avatarFile,
  buildSettingsView,
  draftFromPayload,
  parseStep,
  passwordChangeSchema,
  saveFailureKey,
  SETTINGS_MESSAGES,
  SETTINGS_MODAL,
  settingsSchema,
  step1Schema,
  stepOfErrors,
  toggleAllInDraft,
  toSettingsPayload,
} from "../../domain/settings";
import { retryAfterHeaders, TOO_MANY_ATTEMPTS, withRetryAfter } from "../../domain/throttle";
import { localeCookie } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";
import type { RouteHandle } from "../../root";
import { permissionError } from "../../.server/permission";
import type { Route } from "./+types/settings";
import { NO_STORE } from "../../.server/no-store";

/** Shown only after a password change was refused: its code loads then (budget). */
const PasswordDialog = lazyDialog(() =>
  import("../../components/settings/PasswordDialog").then((m) => m.PasswordDialog),
);

export const handle: RouteHandle = {
  i18n: ["settings", "forms"],
  title: "settings:settingsModal.title",
  breadcrumb: "settings:settingsModal.title",
};

const OVERVIEW = "/b2b/episkopisi";

/**
 * /b2b/settings: the action of the settings and change-password dialogs (spec §2, §4 "Settings
 * save", §8). The dialogs themselves are URL-addressed on any signed-in page (`?modal=settings`,
 * rendered by the layout); this page shows them too, which is what a browser without JavaScript
 * sees after a post that did not redirect (next/back, an all-switch, or errors).
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const url = new URL(args.request.url);
  return data(
    {
      view: buildSettingsView(shell.user, await requireDropdownMeters(args), avatarSrc(shell.user)),
      step: parseStep(url.searchParams.get("step")),
      closeTo: OVERVIEW,
    },
    { headers: NO_STORE },
  );
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(actionHeaders, NO_STORE);
}

function returnPath(value: FormDataEntryValue | null): string {
  const path = safeRedirect(typeof value === "string" ? value : null, OVERVIEW);
  // Only pages of the signed-in area; never the dialog's own URL.
  if (!path.startsWith("/b2b/") && !path.startsWith("/instructions")) return OVERVIEW;
  if (path.startsWith("/b2b/settings") || path.startsWith("/b2b/avatar")) return OVERVIEW;
  return pageWithoutModal(new URL(path, "http://portal.invalid"));
}

const hideFields = ["current_password"];

export async function action(args: Route.ActionArgs) {
  const shell = await requireShell(args);
  const session = getSession(args.context);
  const formData = await args.request.formData();
  const intent = String(formData.get("intent") ?? "");
  const returnTo = returnPath(formData.get("return_to"));
  const api = getApi(args);

  if (intent === "decline-copies") {
    // #38 §4: the person the master chose for copies of the notices declines them.
    const declined = await declineTrustedCopies(api, shell.user.id);
    session.flash(
      "toast",
      declined.ok
        ? { type: "success", key: "settings:trustedCopies.declined" }
        : {
            type: "error",
            key: permissionError(declined) ?? "settings:settingsModal.errorOccurred",
          },
    );
    throw redirect(returnTo, 303);
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    const fail = (fieldErrors?: Record<string, string[]>, init: ResponseInit = { status: 400 }) =>
      data<PasswordActionData>(
        {
          kind: "password",
          result: submission.reply({
            hideFields: ["old_password", "password", "password_confirmation"],
            ...(fieldErrors ? { fieldErrors } : {}),
          }),
        },
        init,
      );
    if (submission.status !== "success") return fail();
    const result = await changePassword(api, submission.value);
    if (!result.ok) {
      // Too many wrong current passwords (api/services/throttle.ts): said next to that field.
      if (result.code === "too_many_attempts")
        return fail(
          { old_password: [TOO_MANY_ATTEMPTS] },
          { status: 429, headers: retryAfterHeaders(result) },
        );
      if (result.code === "wrong_credentials")
        return fail({ old_password: [SETTINGS_MESSAGES.wrongPassword] });
      if (result.code === "passwords_mismatch")
        return fail({ password_confirmation: ["validate.passwordsMatch"] });
      if (result.field === "password")
        return fail({
          password: [
            result.message === "validate.passwordSameAsOld"
              ? SETTINGS_MESSAGES.passwordSameAsOld
              : "validate.passwordRules",
          ],
        });
      return fail({ "": ["settings:settingsModal.errorOccurred"] });
    }
    session.flash("toast", { type: "success", key: "settings:password.changed" });
    throw redirect(withModal(returnTo, SETTINGS_MODAL, 2), 303);
  }

  const meters = await requireDropdownMeters(args);
  const view = buildSettingsView(shell.user, meters, avatarSrc(shell.user));
  const saved = { email: view.email, phone: view.phone };

  if (intent === "back" || intent === "all-email" || intent === "all-sms") {
    const submission = parseWithZod(formData, { schema: z.object({}).loose() });
    const draft = draftFromPayload(submission.payload, view);
    if (intent === "back") return data<SettingsActionData>({ kind: "settings", step: 1, draft });
    return data<SettingsActionData>({
      kind: "settings",
      step: 1,
      draft: toggleAllInDraft(draft, view, intent === "all-email" ? "email" : "sms"),
    });
  }

  if (intent === "next") {
    const submission = parseWithZod(formData, { schema: step1Schema() });
    if (submission.status !== "success") {
      return data<SettingsActionData>(
        { kind: "settings", step: 1, result: submission.reply({ hideFields }) },
        { status: 400 },
      );
    }
    // The (empty) result clears step 1's earlier errors in a page that stays hydrated.
    return data<SettingsActionData>({
      kind: "settings",
      step: 2,
      result: submission.reply({ hideFields }),
      draft: draftFromPayload(submission.payload, view),
    });
  }

  // Save.
  const submission = parseWithZod(formData, { schema: settingsSchema(saved) });
  if (submission.status !== "success") {
    const step = stepOfErrors(
      Object.keys(submission.error ?? {}).filter((k) => (submission.error?.[k]?.length ?? 0) > 0),
    );
    return data<SettingsActionData>(
      { kind: "settings", step, result: submission.reply({ hideFields }) },
      { status: 400 },
    );
  }
  const value = submission.value;
  if (!meters.some((m) => m.id === value.main_meter_id)) {
    return data<SettingsActionData>(
      {
        kind: "settings",
        step: 2,
        result: submission.reply({
          hideFields,
          fieldErrors: { main_meter_id: ["validate.require"] },
        }),
      },
      { status: 400 },
    );
  }
  const file = avatarFile(value.avatar);
  if (file) {
    // The bytes decide (a renamed SVG or EXE is refused here already); the API checks again.
    const checked = checkAvatar(new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) {
      return data<SettingsActionData>(
        {
          kind: "settings",
          step: 2,
          result: submission.reply({
            hideFields,
            fieldErrors: { avatar: [SETTINGS_MESSAGES[checked.error]] },
          }),
        },
        { status: 400 },
      );
    }
  }

  const payload = toSettingsPayload(view, value, shell.user.avatar?.img_name ?? null);
  const saveResult = await saveSettings(api, payload);
  if (saveResult.ok && saveResult.status !== 204 && saveResult.data?.message) {
    session.flash("toast", {
      type: "error",
      key: `settings:settingsModal.${saveResult.data.message}`,
    });
    throw redirect(returnTo, 303);
  }
  if (!saveResult.ok) {
    const throttled = saveResult.code === "too_many_attempts";
    if ((saveResult.status === 400 || throttled) && saveResult.field === "password") {
      return data<SettingsActionData>(
        {
          kind: "settings",
          step: 2,
          result: submission.reply({
            hideFields,
            fieldErrors: {
              current_password: [
                throttled
                  ? TOO_MANY_ATTEMPTS
                  : saveResult.code === "wrong_credentials"
                    ? SETTINGS_MESSAGES.wrongPassword
                    : SETTINGS_MESSAGES.passwordForContact,
              ],
            },
          }),
        },
        { status: throttled ? 429 : 400, headers: retryAfterHeaders(saveResult) },
      );
    }
    // Spec §8: the dialog closes on a failed request, with the message as a toast.
    // A refusal of the person's role (#18) says so; the person stays signed in.
    session.flash("toast", {
      type: "error",
      key: permissionError(saveResult) ?? saveFailureKey(saveResult),
    });
    throw redirect(returnTo, 303);
  }

  if (file) {
    const upload = await uploadAvatar(api, view.userId, file);
    if (!upload) {
      session.flash("toast", { type: "error", key: "settings:settingsModal.errorOccurred" });
      throw redirect(returnTo, 303);
    }
    if (!upload.ok) {
      // Spec §8: an avatar upload error with a response closes settings, clears the session, login.
      await logout(api);
      clearSession(session);
      session.flash("toast", { type: "error", key: "settings:settingsModal.avatarFailed" });
      throw redirect("/login", 303);
    }
  }

  session.set("skin", value.nrg_skin);
  session.flash("toast", { type: "success", key: "settings:settingsModal.changesSaved" });
  if (value.lang !== shell.user.lang) {
    // A new language re-renders every string: a full document load with the new lng cookie.
    throw redirectDocument(returnTo, {
      status: 303,
      headers: { "Set-Cookie": await localeCookie.serialize(value.lang) },
    });
  }
  throw redirect(returnTo, 303);
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  const password = actionData?.kind === "password" ? actionData : undefined;
  const settings = actionData?.kind === "settings" ? actionData : undefined;
  return (
    <>
      <div className="page-head">
        <h1>{t("settingsModal.title")}</h1>
      </div>
      {password ? (
        <PasswordDialog
          closeTo={loaderData.closeTo}
          backTo={withModalClient(loaderData.closeTo)}
          actionData={password}
        />
      ) : (
        <SettingsDialog
          view={loaderData.view}
          step={settings?.step ?? loaderData.step}
          closeTo={loaderData.closeTo}
          actionData={settings}
        />
      )}
    </>
  );
}

function withModalClient(path: string) {
  return `${path}?modal=settings&step=2`;
}
