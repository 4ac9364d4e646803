import { ApiError, badRequest } from "../lib/errors";

/** Maps a lost race on a UNIQUE column to the answer the pre-checks would have given. */
export function signupUniqueViolation(error: unknown): ApiError | null {
  const text = String(
    error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error,
  );
  if (!text.includes("UNIQUE")) return null;
  if (text.includes("registration_email")) return badRequest("email_in_use", "email");
  if (text.includes("registration_phone")) return badRequest("mobile_in_use", "phone");
  return badRequest("already_active");
}

/**
 * The name the portal greets a new account with: a business's contact person (the customer's
 * name without one), a person's first name.
 */
export function welcomeNameOf(
  customer: { name: string; is_legal_person: number | boolean },
  employeeName: string | null | undefined,
): string {
  return customer.is_legal_person
    ? (employeeName ?? customer.name)
    : (customer.name.trim().split(/\s+/)[0] ?? customer.name);
}
