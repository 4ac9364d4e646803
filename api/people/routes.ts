import { Hono, type Context } from "hono";
import {
  apiInvitationSchema,
  apiPeopleSchema,
  apiPersonSchema,
  apiSupplyChoicesSchema,
  invitationAcceptSchema,
  invitationParams,
  inviteSchema,
  personChangeSchema,
  personParams,
  supplyChoicesQuerySchema,
  userParams,
} from "../../core/contract";
import { publicOrigin } from "../../core/public-origin";
import { clientIp } from "../lib/request";
import { countInvitationEmail, reserveInUseAnswer } from "../services/throttle";
import { validate } from "../lib/validate";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import type { ApiEnv } from "../types";
import {
  acceptInvitation,
  changePerson,
  getPerson,
  handOverMaster,
  invitationPreview,
  invitePerson,
  listPeople,
  removePerson,
  resendInvitation,
  supplyChoices,
  withdrawInvitation,
  type Caller,
  type Mailing,
} from "./service";
import { data, documented, empty } from "../lib/openapi";
import { chooseTrustedPerson, clearTrustedPerson, declineTrustedCopies } from "./trusted";

const doc = documented("People");

/** Path ids: a malformed one is a missing row (404), as another customer's person is. */
const ownIds = { invalid: "not_found" } as const;
const ownPath = validate("param", userParams, ownIds);
const personPath = validate("param", personParams, ownIds);

/** Every route here is the people's: a user is refused (403 not_permitted) before anything else. */
const managePeople = permit("manage_people");

const callerOf = (c: Context<ApiEnv>): Caller => ({
  userId: c.get("auth").userId,
  sessionId: c.get("auth").sessionId,
  ip: clientIp(c),
  throttle: {
    reserveInUse: () => reserveInUseAnswer(c, c.get("auth").userId),
    countEmail: (customerId, resentTo) => countInvitationEmail(c, customerId, resentTo),
  },
});
const mailingOf = (c: Context<ApiEnv>): Mailing => ({
  lang: c.get("lang"),
  origin: () => publicOrigin(c.env, c.req.url),
});

/**
 * Mounted at /api (api/app.ts). The people of an account (#18): bearer, the caller's own
 * `:userId`, and the rule of core/permissions.ts (a user: 403 not_permitted; a person of another
 * account or a missing one: 404).
 */
export const peopleRoutes = new Hono<ApiEnv>()
  /** The account's people (not removed), each with what the caller may do to them. */
  .get(
    "/users/:userId/people",
    doc({
      summary: "The account's people, each with what the caller may do to them",
      ok: data(apiPeopleSchema),
    }),
    requireBearer,
    managePeople,
    ownPath,
    ownUserPath,
    async (c) => c.json({ data: await listPeople(c.get("db"), c.get("auth").userId) }),
  )

  /** The supplies the caller may give, filtered by `q`, `region` and `category`. */
  .get(
    "/users/:userId/people/supplies",
    doc({
      summary: "The supplies the caller may give to someone (`q`, `region`, `category`)",
      ok: data(apiSupplyChoicesSchema),
    }),
    requireBearer,
    managePeople,
    validate("query", supplyChoicesQuerySchema),
    ownPath,
    ownUserPath,
    async (c) =>
      c.json({
        data: await supplyChoices(c.get("db"), c.get("auth").userId, c.req.valid("query")),
      }),
  )

  /** Invite: the person's row, supplies, a 7-day invitation and its email. 201 with the person. */
  .post(
    "/users/:userId/people",
    doc({
      summary: "Invite a person: their role and supplies; emails a 7-day invitation",
      ok: data(apiPersonSchema, 201, "The invited person"),
      errors: { 400: ["email_in_use"], 429: ["too_many_attempts"] },
    }),
    requireBearer,
    managePeople,
    validate("json", inviteSchema),
    ownPath,
    ownUserPath,
    async (c) => {
      const data = await invitePerson(c.get("db"), callerOf(c), c.req.valid("json"), mailingOf(c));
      return c.json({ data }, 201);
    },
  )

  .get(
    "/users/:userId/people/:personId",
    doc({
      summary: "One person of the account",
      ok: data(apiPersonSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    managePeople,
    personPath,
    ownUserPath,
    async (c) => {
      const personId = Number(c.req.valid("param").personId);
      return c.json({ data: await getPerson(c.get("db"), c.get("auth").userId, personId) });
    },
  )

  /** Role and supplies; a role change or fewer supplies ends the person's sessions at once. */
  .patch(
    "/users/:userId/people/:personId",
    doc({
      summary: "Change a person's role or supplies",
      ok: empty(),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    managePeople,
    validate("json", personChangeSchema),
    personPath,
    ownUserPath,
    async (c) => {
      const personId = Number(c.req.valid("param").personId);
      await changePerson(c.get("db"), callerOf(c), personId, c.req.valid("json"));
      return c.body(null, 204);
    },
  )

  /** Remove: sessions and open invitations end in the same batch. */
  .delete(
    "/users/:userId/people/:personId",
    doc({
      summary: "Remove a person (their sessions end)",
      ok: empty(),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    managePeople,
    personPath,
    ownUserPath,
    async (c) => {
      await removePerson(c.get("db"), callerOf(c), Number(c.req.valid("param").personId));
      return c.body(null, 204);
    },
  )

  /** A new invitation link (the old one stops working), emailed again. */
  .post(
    "/users/:userId/people/:personId/invitation",
    doc({
      summary: "Send the invitation again",
      ok: empty(),
      errors: { 400: ["already_active"], 404: ["not_found"], 429: ["too_many_attempts"] },
    }),
    requireBearer,
    managePeople,
    personPath,
    ownUserPath,
    async (c) => {
      const personId = Number(c.req.valid("param").personId);
      await resendInvitation(c.get("db"), callerOf(c), personId, mailingOf(c));
      return c.body(null, 204);
    },
  )

  /** Withdraw the open invitation. */
  .delete(
    "/users/:userId/people/:personId/invitation",
    doc({ summary: "Withdraw a pending invitation", ok: empty(), errors: { 404: ["not_found"] } }),
    requireBearer,
    managePeople,
    personPath,
    ownUserPath,
    async (c) => {
      await withdrawInvitation(c.get("db"), callerOf(c), Number(c.req.valid("param").personId));
      return c.body(null, 204);
    },
  )

  /** The master hands the role over to an admin and becomes an admin. */
  .post(
    "/users/:userId/people/:personId/master",
    doc({
      summary: "Hand the master role over to an admin",
      ok: empty(),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    managePeople,
    personPath,
    ownUserPath,
    async (c) => {
      await handOverMaster(c.get("db"), callerOf(c), Number(c.req.valid("param").personId));
      return c.body(null, 204);
    },
  )

  /** #38 §4: this person receives copies of the account's notices (instead of anyone before). */
  .put(
    "/users/:userId/people/:personId/trusted",
    doc({
      summary:
        "Send copies of the overdue, disconnection and planned-interruption notices to this person (the master only)",
      ok: empty(),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    managePeople,
    personPath,
    ownUserPath,
    async (c) => {
      const personId = Number(c.req.valid("param").personId);
      await chooseTrustedPerson(c.get("db"), c.get("auth").userId, personId);
      return c.body(null, 204);
    },
  )

  .delete(
    "/users/:userId/people/:personId/trusted",
    doc({
      summary: "Stop the copies of the notices to this person (the master only)",
      ok: empty(),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    managePeople,
    personPath,
    ownUserPath,
    async (c) => {
      const personId = Number(c.req.valid("param").personId);
      await clearTrustedPerson(c.get("db"), c.get("auth").userId, personId);
      return c.body(null, 204);
    },
  )

  /** The person chosen declines the copies (their own setting: every role). */
  .delete(
    "/users/:userId/trusted-copies",
    doc({
      summary: "Decline the copies of the account's notices that the master chose for me",
      ok: empty(),
    }),
    requireBearer,
    permit("own_profile"),
    ownPath,
    ownUserPath,
    async (c) => {
      await declineTrustedCopies(c.get("db"), c.get("auth").userId);
      return c.body(null, 204);
    },
  );

/**
 * Mounted at /api/v2/invitations: the signed-out invitation page. An unknown, used, withdrawn or
 * expired token answers 400 bad_token, always the same (a token is 256 random bits: not
 * guessable, so no attempt counter).
 */
export const invitationRoutes = new Hono<ApiEnv>()
  .get(
    "/:token",
    doc({
      summary: "Whom an invitation is for",
      ok: data(apiInvitationSchema),
      errors: { 400: ["bad_token"] },
    }),
    validate("param", invitationParams),
    async (c) => c.json({ data: await invitationPreview(c.get("db"), c.req.valid("param").token) }),
  )
  .post(
    "/:token/accept",
    doc({
      summary: "Accept an invitation: set the new person's password",
      ok: empty(),
      errors: { 400: ["bad_token", "passwords_mismatch"] },
    }),
    validate("param", invitationParams),
    validate("json", invitationAcceptSchema),
    async (c) => {
      const { token } = c.req.valid("param");
      await acceptInvitation(c.get("db"), token, c.req.valid("json"), clientIp(c));
      return c.body(null, 204);
    },
  );
