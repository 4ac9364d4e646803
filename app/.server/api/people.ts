import type {
  ApiInvitation,
  ApiPeople,
  ApiPerson,
  ApiSupplyChoices,
  InvitationAcceptPayload,
  InvitePayload,
  PersonChangePayload,
  SupplyChoicesQuery,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * The people of the account and their invitations (api/people/routes.ts): one function per
 * endpoint. A refusal by the rule (403 not_permitted) is given back, never a sign-out: the page
 * asked after the shell's bearer check passed, so a 403 here is the rule's, not an ended session.
 */
const soft = { onAuthFailure: "return" } as const;
const personPath = (userId: number, personId: number | string) =>
  `/users/${userId}/people/${encodeURIComponent(String(personId))}`;

/** GET /users/{id}/people: the account's people and the caller's role. */
export function people(api: ApiClient, userId: number) {
  return api.request<ApiPeople>("GET", `/users/${userId}/people`, soft);
}

/** GET /users/{id}/people/{personId}: one person (404 another account's or a missing one). */
export function person(api: ApiClient, userId: number, personId: string) {
  return api.request<ApiPerson>("GET", personPath(userId, personId), soft);
}

/** GET /users/{id}/people/supplies?q=&region=&category=: the supplies the caller may give. */
export function supplyChoices(api: ApiClient, userId: number, query: SupplyChoicesQuery) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const suffix = search.size > 0 ? `?${search.toString()}` : "";
  return api.request<ApiSupplyChoices>("GET", `/users/${userId}/people/supplies${suffix}`, soft);
}

/** POST /users/{id}/people: invite (201 with the person). */
export function invitePerson(api: ApiClient, userId: number, body: InvitePayload) {
  return api.request<ApiPerson>("POST", `/users/${userId}/people`, { ...soft, body });
}

/** PATCH /users/{id}/people/{personId}: role and supplies. */
export function changePerson(
  api: ApiClient,
  userId: number,
  personId: string,
  body: PersonChangePayload,
) {
  return api.request<null>("PATCH", personPath(userId, personId), { ...soft, body });
}

/** DELETE /users/{id}/people/{personId}: remove the person. */
export function removePerson(api: ApiClient, userId: number, personId: string) {
  return api.request<null>("DELETE", personPath(userId, personId), soft);
}

/** POST /users/{id}/people/{personId}/invitation: a new link, emailed. */
export function resendInvitation(api: ApiClient, userId: number, personId: string) {
  return api.request<null>("POST", `${personPath(userId, personId)}/invitation`, soft);
}

/** DELETE /users/{id}/people/{personId}/invitation: withdraw the open invitation. */
export function withdrawInvitation(api: ApiClient, userId: number, personId: string) {
  return api.request<null>("DELETE", `${personPath(userId, personId)}/invitation`, soft);
}

/** POST /users/{id}/people/{personId}/master: hand the master role over to an admin. */
export function handOverMaster(api: ApiClient, userId: number, personId: string) {
  return api.request<null>("POST", `${personPath(userId, personId)}/master`, soft);
}

/** PUT or DELETE /users/{id}/people/{personId}/trusted: copies of the notices to them, or not. */
export function setTrustedPerson(api: ApiClient, userId: number, personId: string, on: boolean) {
  return api.request<null>(on ? "PUT" : "DELETE", `${personPath(userId, personId)}/trusted`, soft);
}

/** DELETE /users/{id}/trusted-copies: the person chosen declines the copies (#38 §4). */
export function declineTrustedCopies(api: ApiClient, userId: number) {
  return api.request<null>("DELETE", `/users/${userId}/trusted-copies`, soft);
}

/** GET /v2/invitations/{token} (signed out): whom the invitation is for. */
export function invitation(api: ApiClient, token: string) {
  return api.request<ApiInvitation>("GET", `/v2/invitations/${encodeURIComponent(token)}`, {
    auth: "none",
  });
}

/** POST /v2/invitations/{token}/accept (signed out): set the password, once. */
export function acceptInvitation(api: ApiClient, token: string, body: InvitationAcceptPayload) {
  return api.request<null>("POST", `/v2/invitations/${encodeURIComponent(token)}/accept`, {
    auth: "none",
    body,
  });
}
