/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in (vite.config.ts
 * aliases the package's shim here): react-i18next imports the shim, whose fallback for React
 * 17 would otherwise ship to every page (issue #8).
 */
export { useSyncExternalStore } from "react";
