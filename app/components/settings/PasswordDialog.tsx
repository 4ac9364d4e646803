import { type SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm, ErrorSummary, TextField } from "../form";
import type { z } from "zod";
import type { passwordChangeSchema } from "../../domain/settings";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { PASSWORD_SPECIALS } from "../../../core/validation";
import { Dialog } from "../Dialog";
import { SETTINGS_ACTION } from "./SettingsDialog";

export interface PasswordActionData {
  kind: "password";
  result?: SubmissionResult<string[]>;
}

/**
 * Change password (spec §2 Modals, §5), reached from step 2 of the settings dialog. The API ends
 * every other session of the account; this one stays signed in.
 */
export function PasswordDialog({
  closeTo,
  backTo,
  actionData,
}: {
  closeTo: string;
  /** Step 2 of the settings dialog. */
  backTo: string;
  actionData?: PasswordActionData;
}) {
  const { t } = useTranslation("settings");
  const fetcher = useFetcher<PasswordActionData>({ key: "password-dialog" });
  const data = fetcher.data?.kind === "password" ? fetcher.data : actionData;
  const [form, fields] = useForm<z.input<typeof passwordChangeSchema>>({
    id: "password-form",
    lastResult: data?.result,
  });
  return (
    <Dialog title={t("password.title")} closeTo={backTo} modal="password">
      <fetcher.Form method="post" action={SETTINGS_ACTION} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="return_to" value={closeTo} />
        <ErrorSummary
          form={form}
          ns={["settings", "forms", "common"]}
          labelKey={{
            old_password: "password.old",
            password: "password.new",
            password_confirmation: "password.confirm",
          }}
        />
        <TextField
          meta={fields.old_password}
          type="password"
          label={t("password.old")}
          autoComplete="current-password"
        />
        <TextField
          meta={fields.password}
          type="password"
          label={t("password.new")}
          hint={t("password.rules", { specials: PASSWORD_SPECIALS })}
          autoComplete="new-password"
        />
        <TextField
          meta={fields.password_confirmation}
          type="password"
          label={t("password.confirm")}
          autoComplete="new-password"
        />
        <p className="muted">{t("password.otherSessions")}</p>
        <div className="actions settings-actions">
          <Link to={backTo} className="btn btn--secondary" replace>
            {t("settingsModal.back")}
          </Link>
          <button
            type="submit"
            className="btn"
            aria-disabled={fetcher.state !== "idle" || undefined}
          >
            {t("password.submit")}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
