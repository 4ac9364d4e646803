/**
 * Signed-in pages and flows are never stored by a browser or a proxy: they carry a customer's
 * data, and a back button must not show a page of an account that has signed out.
 */
export const NO_STORE = { "Cache-Control": "no-store" };

/** A route module's `headers` export for such a page. */
export const noStoreHeaders = () => NO_STORE;
