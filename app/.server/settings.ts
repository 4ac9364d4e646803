import { redirect } from "react-router";
import type { ApiUser } from "../../core/contract";
import { getApi } from "./api";
import { closeFirstLoginSettings } from "./api/settings";
import { requireDropdownMeters } from "./shell";
import type { GuardArgs } from "./guards";
import type { ShellData } from "./shell-types";
import {
  buildSettingsView,
  parseStep,
  PASSWORD_MODAL,
  SETTINGS_MODAL,
  type SettingsView,
  type Step,
} from "../domain/settings";

export type SettingsModal =
  | { modal: "settings"; step: Step; view: SettingsView; closeTo: string }
  | { modal: "password"; closeTo: string; backTo: string }
  | null;

/** The header's picture: the portal's own URL (the API needs a bearer token an <img> cannot send). */
export function avatarSrc(user: Pick<ApiUser, "avatar">): string | null {
  return user.avatar ? `/b2b/avatar?v=${encodeURIComponent(user.avatar.img_name)}` : null;
}

/** The page behind the dialog: the URL without the dialog's own parameters. */
export function pageWithoutModal(url: URL): string {
  const copy = new URL(url);
  for (const key of ["modal", "step", "_data", "index"]) copy.searchParams.delete(key);
  const search = copy.searchParams.toString();
  return copy.pathname.replace(/\.data$/, "") + (search ? `?${search}` : "");
}

export function withModal(path: string, modal: string, step?: Step): string {
  const url = new URL(path, "http://portal.invalid");
  url.searchParams.set("modal", modal);
  if (step) url.searchParams.set("step", String(step));
  return url.pathname + url.search;
}

/**
 * The settings and change-password dialogs for the signed-in layout (URL-addressed:
 * `?modal=settings&step=1|2`, `?modal=password`). On the first login (first_login_settings_open)
 * the page is redirected to the dialog once and the flag is cleared in the API, so it opens
 * exactly once even if the customer closes it without saving.
 */
export async function loadSettingsModal(args: GuardArgs, shell: ShellData): Promise<SettingsModal> {
  const url = new URL(args.request.url);
  const modal = url.searchParams.get("modal");
  const closeTo = pageWithoutModal(url);
  if (shell.user.first_login_settings_open === 1 && !modal && args.request.method === "GET") {
    await closeFirstLoginSettings(getApi(args)).catch((error: unknown) => {
      if (error instanceof Response) throw error;
    });
    throw redirect(withModal(closeTo, SETTINGS_MODAL, 1));
  }
  if (modal === SETTINGS_MODAL) {
    return {
      modal: "settings",
      step: parseStep(url.searchParams.get("step")),
      view: buildSettingsView(shell.user, await requireDropdownMeters(args), avatarSrc(shell.user)),
      closeTo,
    };
  }
  if (modal === PASSWORD_MODAL) {
    return { modal: "password", closeTo, backTo: withModal(closeTo, SETTINGS_MODAL, 2) };
  }
  return null;
}
