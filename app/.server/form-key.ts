import type { RouterContextProvider } from "react-router";
import { FORM_KEY_FIELD, newIdempotencyKey, parseIdempotencyKey } from "../../core/idempotency";
import { cloudflareContext } from "../context";

/**
 * This response's idempotency key for a form, made once per response: the page cache cuts the
 * page at it and puts a fresh one into every reuse (app/.server/page-cache.ts).
 */
export function formKey(context: Readonly<RouterContextProvider>): string {
  const { page } = context.get(cloudflareContext);
  page.formKey ??= newIdempotencyKey();
  return page.formKey;
}

/** The key a posted form carries, or undefined (none, or not of a key's shape: then no key). */
export const postedFormKey = (formData: FormData): string | undefined =>
  parseIdempotencyKey(formData.get(FORM_KEY_FIELD)) ?? undefined;
