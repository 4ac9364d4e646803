/**
 * The people pages' decisions that need no server (#18): where an API refusal is shown (next to
 * a field, or at the top), and the supply filters read from a form or a URL.
 */

export type PeopleFailure = { field: string; message: string } | { form: string };

/** An API refusal as the form shows it: next to its field, or at the top of the form. */
export function peopleFailure(failure: {
  code: string;
  field?: string;
  message?: string;
  status: number;
}): PeopleFailure {
  if (failure.code === "email_in_use")
    return { field: "email", message: "people:errors.emailInUse" };
  // Too many invitations (next to the email) or answers about addresses (#35): a 429.
  if (failure.code === "too_many_attempts" || failure.status === 429)
    return failure.field === "email"
      ? { field: "email", message: "people:errors.tooManyInvitations" }
      : {
          form: failure.field
            ? "people:errors.tooManyInvitations"
            : "people:errors.tooManyAttempts",
        };
  if (failure.code === "validation" && failure.field && failure.message)
    return { field: failure.field, message: failure.message };
  if (failure.code === "not_permitted" || failure.status === 403)
    return { form: "people:errors.notPermitted" };
  if (failure.code === "already_active") return { form: "people:errors.alreadyActive" };
  return { form: "people:errors.failed" };
}

export interface SupplyFilters {
  q: string;
  region: string;
  category: string;
}

const text = (value: FormDataEntryValue | string | null | undefined) =>
  typeof value === "string" ? value.trim().slice(0, 100) : "";

/** The filters of the supply chooser, from a URL's query or a posted form. */
export function supplyFilters(source: URLSearchParams | FormData): SupplyFilters {
  return {
    q: text(source.get("q")),
    region: text(source.get("region")),
    category: text(source.get("category")),
  };
}

/** The supply ids a form posted (meter_ids, repeated), as numbers. */
export function postedSupplies(form: FormData): number[] {
  return [
    ...new Set(
      form
        .getAll("meter_ids")
        .map((v) => (typeof v === "string" && /^\d{1,12}$/.test(v) ? Number(v) : 0))
        .filter((n) => n > 0),
    ),
  ];
}
