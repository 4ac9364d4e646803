/**
 * Registers the service worker (public/sw.js, #39) once the page has loaded, so that it never
 * competes with the page's own requests, and tells it the language and skin of the page shown:
 * the offline page it answers with follows them (docs/decisions/0036-offline.md).
 *
 * Registered again on every page: sign-out answers `Clear-Site-Data: "storage"`, which also
 * unregisters it, and the next page (the sign-in page) brings it back.
 */
export function registerServiceWorker(): void {
  const workers = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!workers) return;
  const register = () => {
    workers
      .register("/sw.js", { scope: "/" })
      .then(() => workers.ready)
      .then((registration) => {
        const root = document.documentElement;
        registration.active?.postMessage({
          type: "page",
          lang: root.lang,
          skin: root.dataset.skin,
        });
      })
      // No worker (a private window, a browser that refuses it): the portal works as before.
      .catch(() => undefined);
  };
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
