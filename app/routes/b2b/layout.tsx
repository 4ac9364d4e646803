import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { requireShell } from "../../.server/shell";
import { Breadcrumb } from "../../components/Breadcrumb";
import { Footer } from "../../components/Footer";
import { Header, NAV_TOGGLE_ID } from "../../components/Header";
import { buildShellView, type ShellView } from "../../components/shell-view";
import { SettingsModals } from "../../components/settings/SettingsModals";
import { avatarSrc, loadSettingsModal } from "../../.server/settings";
import { Sidebar } from "../../components/Sidebar";
import { WelcomeBanner } from "../../components/WelcomeBanner";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/layout";
import { ErrorContent } from "../../components/ErrorContent";
import { NO_STORE } from "../../.server/no-store";

/**
 * The settings namespace only with a settings dialog open (`?modal=settings|password`): its texts
 * are 1 KB compressed that no other page shows. Opening the dialog in the browser loads it
 * (root.tsx, useNamespacesReady); without JavaScript the dialog's document embeds it.
 */
export const handle: RouteHandle = {
  i18n: (data) =>
    (data as { settingsModal?: unknown } | undefined)?.settingsModal
      ? ["shell", "settings", "forms"]
      : ["shell", "forms"],
};

/** Signed-in pages are personal: never cached by the browser or a proxy. */

export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const meterQuery = new URL(args.request.url).searchParams.get("meterq") ?? "";
  const settingsModal = await loadSettingsModal(args, shell);
  return data(
    { ...buildShellView(shell, meterQuery), avatarSrc: avatarSrc(shell.user), settingsModal },
    { headers: NO_STORE },
  );
}

export function headers() {
  return NO_STORE;
}

/** The layout's data for pages inside it (e.g. the selected supply). */
export function useShellView(): ShellView | undefined {
  return useRouteLoaderData<typeof loader>("routes/b2b/layout");
}

/**
 * With JavaScript, client-side navigation keeps the DOM: close the off-canvas menu and any open
 * drop-down after each navigation, and close drop-downs on a click outside or Escape. Without
 * JavaScript every navigation is a new page, so none of this is needed.
 */
function useCloseMenusOnNavigate(root: React.RefObject<HTMLDivElement | null>) {
  const location = useLocation();
  const firstKey = useRef(location.key);
  useEffect(() => {
    const element = root.current;
    if (!element || location.key === firstKey.current) return;
    const toggle = element.querySelector<HTMLInputElement>(`#${NAV_TOGGLE_ID}`);
    if (toggle) toggle.checked = false;
    // A drop-down the server rendered open (the supply search results) stays open.
    for (const details of element.querySelectorAll<HTMLDetailsElement>("details.dropdown[open]")) {
      if (!details.hasAttribute("data-keep-open")) details.open = false;
    }
  }, [location.key, root]);

  useEffect(() => {
    function closeOthers(event: Event) {
      const target = event.target as Node | null;
      for (const details of document.querySelectorAll<HTMLDetailsElement>(
        "details.dropdown[open]",
      )) {
        if (!target || !details.contains(target)) details.open = false;
      }
    }
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      for (const details of document.querySelectorAll<HTMLDetailsElement>(
        "details.dropdown[open]",
      )) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("click", closeOthers);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", closeOthers);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
}

type LayoutData = Route.ComponentProps["loaderData"];

/** The signed-in frame (header, menu, breadcrumb, footer, settings dialogs) around a page. */
function Shell({ view, children }: { view: LayoutData; children: React.ReactNode }) {
  const rootRef = useRef<HTMLDivElement>(null);
  useCloseMenusOnNavigate(rootRef);
  return (
    <div className="shell" ref={rootRef}>
      <Header view={view} avatarSrc={view.avatarSrc} />
      <Sidebar items={view.sidebar} toggleId={NAV_TOGGLE_ID} />
      <label htmlFor={NAV_TOGGLE_ID} className="scrim" aria-hidden="true" />
      <div className="body">
        <Breadcrumb />
        <main id="main" tabIndex={-1} className="main">
          {children}
        </main>
        <Footer />
      </div>
      <SettingsModals modal={view.settingsModal} />
    </div>
  );
}

export default function B2bLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell view={loaderData}>
      <WelcomeBanner view={loaderData} />
      <Outlet />
    </Shell>
  );
}

/**
 * Errors inside the signed-in area keep the page usable: message and a way back. A page the
 * person's role does not allow (403, app/.server/permission.ts) is shown inside the signed-in
 * frame, which the layout's own data still draws: the person is signed in and keeps the menu.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const view = useRouteLoaderData<typeof loader>("routes/b2b/layout");
  const content = <ErrorContent error={error} home="/b2b/episkopisi" />;
  if (view && isRouteErrorResponse(error) && error.status === 403)
    return <Shell view={view}>{content}</Shell>;
  return (
    <main id="main" tabIndex={-1} className="main">
      {content}
    </main>
  );
}
