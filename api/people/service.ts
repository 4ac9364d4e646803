import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type {
  ApiInvitation,
  ApiPeople,
  ApiPerson,
  ApiSupplyChoices,
  Role,
  SupplyChoicesQuery,
  ValidInvite,
  ValidPersonChange,
} from "../../core/contract";
import {
  assignableRoles,
  can,
  canChangePerson,
  canHandOverMaster,
  canManagePerson,
  ROLES,
  type Person,
  type SupplySet,
} from "../../core/permissions";
import { randomToken, sha256 } from "../../core/tokens";
import type { Db } from "../db";
import { deleteAlertsStatements } from "../alerts/service";
import { changedRow } from "../db/changes";
import { alerts, customers, invitations, userMeters, users } from "../db/schema";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { hashPassword } from "../lib/password";
import { addSeconds, nowIso } from "../lib/time";
import { auditStatement } from "../services/audit";
import { customerMeters, personOf, personSupplies, type PersonScope } from "../services/customers";
import { sendEmail } from "../services/outbox";
import { refund, type Hit } from "../services/throttle";
import { revokeUserSessionsStatement } from "../services/sessions";
import type { Lang } from "../types";
import { invitationEmail, PEOPLE_ERRORS } from "./messages";
import { clearTrustedStatement, trustedPersonOf } from "./trusted";
import {
  changeDetail,
  endsSessions,
  filterSupplies,
  INVITATION_SECONDS,
  isOpenInvitation,
  mayReceiveMaster,
  nextState,
  personStatus,
  supplyAddress,
  supplySet,
  suppliesLabel,
} from "./rules";
import { supplyNumber } from "../../core/supply-number";

/** Who acts, and from where (the activity log's ip). */
export interface Caller {
  userId: number;
  sessionId?: string;
  ip: string | null;
  /**
   * The throttles of the invitations (#35; api/services/throttle.ts, bound to the request): an
   * "email already used" answer counted before the lookup (refunded when the email was free),
   * and an invitation email counted before it is sent. Each throws the 429.
   */
  throttle?: {
    reserveInUse: () => Promise<Hit[]>;
    countEmail: (customerId: number, resentTo?: string) => Promise<void>;
  };
}

/** What an invitation email needs of the request: its language and the public origin. */
export interface Mailing {
  lang: Lang;
  origin: () => string;
}

export const notPermitted = () => new ApiError(403, "not_permitted");

interface Actor {
  scope: PersonScope;
  person: Person;
}

/** The signed-in person, who must be allowed to manage people (403 not_permitted otherwise). */
async function actorOf(db: Db, userId: number): Promise<Actor> {
  const scope = await personOf(db, userId);
  if (!can(scope.role, "manage_people")) throw notPermitted();
  const supplies = await personSupplies(db, scope);
  return { scope, person: { id: userId, role: scope.role, supplies } };
}

type UserRow = typeof users.$inferSelect;

interface Target {
  row: UserRow;
  person: Person;
}

/** A person of the actor's account, not removed; another customer's or a missing one: 404. */
async function targetOf(db: Db, customerId: number, personId: number): Promise<Target> {
  const row = await db.query.users.findFirst({
    where: and(eq(users.id, personId), eq(users.customer_id, customerId), isNull(users.removed_at)),
  });
  if (!row) throw notFound();
  const ids = row.all_supplies
    ? []
    : (
        await db
          .select({ id: userMeters.meter_id })
          .from(userMeters)
          .where(eq(userMeters.user_id, row.id))
      ).map((r) => r.id);
  return {
    row,
    person: { id: row.id, role: row.test_role, supplies: supplySet(row.all_supplies, ids) },
  };
}

/**
 * The supplies to give must be the account's and the actor's own: otherwise 400 validation on
 * meter_ids (or all_supplies, for an admin without every supply asking for all of them).
 */
async function checkSupplies(db: Db, actor: Actor, wanted: SupplySet) {
  if (wanted === "all") {
    if (actor.person.supplies !== "all")
      throw badRequest("validation", "all_supplies", PEOPLE_ERRORS.allNotYours);
    return;
  }
  // The actor's visible supplies: the account's, narrowed to the actor's own (SupplyScope).
  const own = new Set((await customerMeters(db, actor.scope)).map((m) => m.id));
  const mine = actor.person.supplies;
  for (const id of wanted) {
    if (!own.has(id) || (mine !== "all" && !mine.has(id)))
      throw badRequest("validation", "meter_ids", PEOPLE_ERRORS.supplyNotYours);
  }
}

const revokeOpenInvitations = (db: Db, userId: number) =>
  db
    .update(invitations)
    .set({ revoked_at: nowIso() })
    .where(
      and(
        eq(invitations.user_id, userId),
        isNull(invitations.used_at),
        isNull(invitations.revoked_at),
      ),
    );

/** Rows per INSERT: D1 binds at most 100 parameters to a statement (two per row here). */
const ROWS_PER_INSERT = 40;

/** The person's user_meters replaced by `supplies` (none for all supplies), for a batch. */
function supplyStatements(db: Db, userId: number, supplies: SupplySet) {
  const ids = supplies === "all" ? [] : [...supplies].sort((a, b) => a - b);
  const inserts = [];
  for (let i = 0; i < ids.length; i += ROWS_PER_INSERT) {
    const rows = ids
      .slice(i, i + ROWS_PER_INSERT)
      .map((meter_id) => ({ user_id: userId, meter_id }));
    inserts.push(db.insert(userMeters).values(rows));
  }
  return [db.delete(userMeters).where(eq(userMeters.user_id, userId)), ...inserts] as const;
}

// ---- reads ----

/** GET /users/{id}/people: the account's people who are not removed. */
export async function listPeople(db: Db, userId: number): Promise<ApiPeople> {
  const actor = await actorOf(db, userId);
  const customerId = actor.scope.customerId;
  const ofCustomer = sql`(SELECT id FROM users WHERE customer_id = ${customerId})`;
  const [rows, links, invites] = await db.batch([
    db.select().from(users).where(eq(users.customer_id, customerId)),
    db
      .select({ user_id: userMeters.user_id, meter_id: userMeters.meter_id })
      .from(userMeters)
      .where(sql`${userMeters.user_id} IN ${ofCustomer}`),
    db
      .select()
      .from(invitations)
      .where(sql`${invitations.user_id} IN ${ofCustomer}`)
      .orderBy(desc(invitations.created_at)),
  ]);
  const supplies = new Map<number, number[]>();
  for (const link of links)
    supplies.set(link.user_id, [...(supplies.get(link.user_id) ?? []), link.meter_id]);
  const newest = new Map<number, (typeof invites)[number]>();
  for (const invite of invites) if (!newest.has(invite.user_id)) newest.set(invite.user_id, invite);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const now = nowIso();
  const trusted = await trustedPersonOf(db, customerId);
  const people = rows
    .filter((r) => !r.removed_at)
    .map((r) =>
      toPerson(actor, r, supplies.get(r.id) ?? [], newest.get(r.id) ?? null, names, now, trusted),
    )
    .sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name, "el"));
  return {
    people,
    my_role: actor.scope.role,
    trusted_person: trusted ? { id: trusted.id, name: trusted.name } : null,
  };
}

const rank = (role: Role) => ROLES.indexOf(role);

function toPerson(
  actor: Actor,
  row: UserRow,
  meterIds: number[],
  invite: typeof invitations.$inferSelect | null,
  names: Map<number, string>,
  now: string,
  trusted: { id: number } | null,
): ApiPerson {
  const all = row.all_supplies === 1;
  const person: Person = {
    id: row.id,
    role: row.test_role,
    supplies: supplySet(row.all_supplies, meterIds),
  };
  const status = personStatus(row, invite, now);
  // An admin sees only the supplies of his own scope among the person's (#35).
  const mine = actor.person.supplies;
  const visible = all ? [] : meterIds.filter((id) => mine === "all" || mine.has(id));
  return {
    id: row.id,
    name: row.name,
    email: row.registration_email,
    role: row.test_role,
    all_supplies: all ? 1 : 0,
    meter_ids: visible.sort((a, b) => a - b),
    supply_count: all ? 0 : visible.length,
    last_login_at: row.last_login_at,
    status,
    invited_by: row.invited_by === null ? null : (names.get(row.invited_by) ?? null),
    invitation_expires_at: status === "invited" && invite ? invite.expires_at : null,
    can_manage: canManagePerson(actor.person, person),
    can_hand_over: canHandOverMaster(actor.person, person) && mayReceiveMaster(row),
    is_me: row.id === actor.person.id,
    trusted_copies: trusted?.id === row.id,
  };
}

/** GET /users/{id}/people/{personId}: one person of the account (404 for another's). */
export async function getPerson(db: Db, userId: number, personId: number): Promise<ApiPerson> {
  const actor = await actorOf(db, userId);
  const target = await targetOf(db, actor.scope.customerId, personId);
  const [invite, inviter, trusted] = await Promise.all([
    db.query.invitations.findFirst({
      where: eq(invitations.user_id, personId),
      orderBy: desc(invitations.created_at),
    }),
    target.row.invited_by === null
      ? undefined
      : db.query.users.findFirst({ where: eq(users.id, target.row.invited_by) }),
    trustedPersonOf(db, actor.scope.customerId),
  ]);
  const ids = target.person.supplies === "all" ? [] : [...target.person.supplies];
  const names = new Map(inviter ? [[inviter.id, inviter.name]] : []);
  return toPerson(actor, target.row, ids, invite ?? null, names, nowIso(), trusted);
}

/** GET /users/{id}/people/supplies: the supplies the caller may give, filtered. */
export async function supplyChoices(
  db: Db,
  userId: number,
  query: SupplyChoicesQuery,
): Promise<ApiSupplyChoices> {
  const actor = await actorOf(db, userId);
  const mine = actor.person.supplies;
  const own = (await customerMeters(db, actor.scope)).filter(
    (m) => mine === "all" || mine.has(m.id),
  );
  const matching = filterSupplies(own, query);
  const distinct = (values: string[]) =>
    [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b, "el"));
  return {
    supplies: matching.map((m) => ({
      id: m.id,
      number: supplyNumber(m),
      address: supplyAddress(m),
      region: m.phys_region,
      postal_code: m.phys_postal_code,
      category: m.category,
    })),
    total: own.length,
    can_give_all: mine === "all",
    regions: distinct(own.map((m) => m.phys_region)),
    categories: distinct(own.map((m) => m.category)),
  };
}

// ---- invitations ----

async function newInvitation(db: Db, personId: number, invitedBy: number) {
  const token = randomToken();
  const now = new Date();
  const statement = db.insert(invitations).values({
    id: await sha256(token),
    user_id: personId,
    invited_by: invitedBy,
    created_at: nowIso(now),
    expires_at: addSeconds(INVITATION_SECONDS, now),
  });
  return { token, statement };
}

async function mailInvitation(
  db: Db,
  mailing: Mailing,
  token: string,
  person: { id: number; name: string; email: string },
  inviter: string,
  customerId: number,
) {
  const company = await db.query.customers.findFirst({ where: eq(customers.id, customerId) });
  const link = `/prosklisi/${token}`;
  const mail = invitationEmail[mailing.lang]({
    name: person.name,
    inviter,
    company: company?.name ?? "",
    url: new URL(link, mailing.origin()).href,
  });
  await sendEmail(db, {
    to: person.email,
    ...mail,
    template: "invitation",
    lang: mailing.lang,
    link,
    userId: person.id,
  });
}

const isUniqueViolation = (error: unknown) =>
  /UNIQUE constraint failed/i.test(
    String((error as { cause?: unknown })?.cause ?? "") + String(error),
  );

/** The invitee's row: no password yet (the invitation's acceptance sets it). */
async function insertPerson(db: Db, actor: Actor, body: ValidInvite, lang: Lang) {
  let created: { id: number } | undefined;
  try {
    [created] = await db
      .insert(users)
      .values({
        customer_id: actor.scope.customerId,
        username: body.email,
        name: body.name,
        welcome_name: firstName(body.name),
        lang,
        registration_email: body.email,
        needs_activation: 1,
        password_hash: "!",
        test_role: body.role,
        all_supplies: body.all_supplies,
        invited_by: actor.person.id,
      })
      .returning({ id: users.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest("email_in_use", "email");
    throw error;
  }
  if (!created) throw new Error("invite: no row");
  return created.id;
}

/**
 * A removed person of the account invited again: their row is a fresh invitee's (new name, role,
 * supplies; no password, so the old one stops working for good; not yet signed in). Their sessions
 * and invitations ended at removal and stay ended; the conditional update lets one of two
 * concurrent invitations win.
 */
async function reinstatePerson(db: Db, actor: Actor, body: ValidInvite, lang: Lang, id: number) {
  const [row] = await db
    .update(users)
    .set({
      removed_at: null,
      username: body.email,
      registration_email: body.email,
      name: body.name,
      welcome_name: firstName(body.name),
      lang,
      needs_activation: 1,
      password_hash: "!",
      password_changed_at: null,
      last_login_at: null,
      test_role: body.role,
      all_supplies: body.all_supplies,
      invited_by: actor.person.id,
    })
    .where(
      and(
        eq(users.id, id),
        eq(users.customer_id, actor.scope.customerId),
        sql`${users.removed_at} IS NOT NULL`,
      ),
    )
    .returning({ id: users.id });
  if (!row) throw badRequest("email_in_use", "email");
  return row.id;
}

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

/**
 * POST /users/{id}/people: the person's row (no password yet), their supplies, an invitation
 * valid 7 days, the activity log, and the email with the link.
 */
export async function invitePerson(
  db: Db,
  caller: Caller,
  body: ValidInvite,
  mailing: Mailing,
): Promise<ApiPerson> {
  const actor = await actorOf(db, caller.userId);
  if (!assignableRoles(actor.scope.role).includes(body.role)) throw notPermitted();
  const supplies = supplySet(body.all_supplies, body.meter_ids);
  await checkSupplies(db, actor, supplies);
  if (!canManagePerson(actor.person, { role: body.role, supplies })) throw notPermitted();

  const inUse = (await caller.throttle?.reserveInUse()) ?? [];
  const clash = await db
    .select({ id: users.id, customer_id: users.customer_id, removed_at: users.removed_at })
    .from(users)
    .where(
      or(sql`lower(${users.registration_email}) = ${body.email}`, eq(users.username, body.email)),
    )
    .limit(2);
  // A person removed from this account comes back on their old row (the activity log keeps their
  // entries under the same id); any other holder of the email refuses.
  const comeback =
    clash.length === 1 && clash[0]?.removed_at && clash[0].customer_id === actor.scope.customerId
      ? clash[0].id
      : undefined;
  if (clash.length > 0 && comeback === undefined) throw badRequest("email_in_use", "email");
  await refund(db, inUse);
  await caller.throttle?.countEmail(actor.scope.customerId);

  const personId =
    comeback === undefined
      ? await insertPerson(db, actor, body, mailing.lang)
      : await reinstatePerson(db, actor, body, mailing.lang, comeback);
  const { token, statement } = await newInvitation(db, personId, actor.person.id);
  try {
    await db.batch([
      ...supplyStatements(db, personId, supplies),
      // Ended at removal already; repeated so that nothing of the old person's outlives this.
      ...(comeback === undefined
        ? []
        : [
            revokeUserSessionsStatement(db, personId, "person_remove"),
            revokeOpenInvitations(db, personId),
          ]),
      statement,
      auditStatement(db, {
        action: "person_invite",
        userId: actor.person.id,
        subjectUserId: personId,
        detail: { role: body.role, supplies: suppliesLabel(supplies) },
        ip: caller.ip,
      }),
    ]);
  } catch (error) {
    // Nothing refers to a new row yet: take it back so the email can be invited again. A
    // reinstated row goes back to removed.
    if (comeback === undefined) await db.delete(users).where(eq(users.id, personId));
    else await db.update(users).set({ removed_at: nowIso() }).where(eq(users.id, personId));
    throw error;
  }
  const inviter = await db.query.users.findFirst({ where: eq(users.id, actor.person.id) });
  await mailInvitation(
    db,
    mailing,
    token,
    { id: personId, name: body.name, email: body.email },
    inviter?.name ?? "",
    actor.scope.customerId,
  );
  return getPerson(db, caller.userId, personId);
}

/** A person the actor may manage and who has not accepted yet (400 already_active otherwise). */
async function invitedTarget(db: Db, actor: Actor, personId: number) {
  const target = await targetOf(db, actor.scope.customerId, personId);
  if (!canManagePerson(actor.person, target.person)) throw notPermitted();
  if (!target.row.needs_activation) throw badRequest("already_active");
  return target;
}

/** POST …/people/{personId}/invitation: a new link; the old ones stop working. */
export async function resendInvitation(db: Db, caller: Caller, personId: number, mailing: Mailing) {
  const actor = await actorOf(db, caller.userId);
  const target = await invitedTarget(db, actor, personId);
  await caller.throttle?.countEmail(actor.scope.customerId, target.row.registration_email);
  const { token, statement } = await newInvitation(db, personId, actor.person.id);
  await db.batch([
    revokeOpenInvitations(db, personId),
    statement,
    auditStatement(db, {
      action: "person_invite",
      userId: actor.person.id,
      subjectUserId: personId,
      detail: { resent: 1 },
      ip: caller.ip,
    }),
  ]);
  const inviter = await db.query.users.findFirst({ where: eq(users.id, actor.person.id) });
  await mailInvitation(
    db,
    mailing,
    token,
    { id: personId, name: target.row.name, email: target.row.registration_email },
    inviter?.name ?? "",
    actor.scope.customerId,
  );
}

/** DELETE …/people/{personId}/invitation: the open invitation is withdrawn (the person stays). */
export async function withdrawInvitation(db: Db, caller: Caller, personId: number) {
  const actor = await actorOf(db, caller.userId);
  await invitedTarget(db, actor, personId);
  await db.batch([
    revokeOpenInvitations(db, personId),
    auditStatement(db, {
      action: "invitation_revoke",
      userId: actor.person.id,
      subjectUserId: personId,
      ip: caller.ip,
    }),
  ]);
}

// ---- changes ----

/**
 * PATCH …/people/{personId}: role and supplies. A role change or fewer supplies ends every
 * session of the person in the same batch (their next request is signed out).
 */
export async function changePerson(
  db: Db,
  caller: Caller,
  personId: number,
  change: ValidPersonChange,
) {
  const actor = await actorOf(db, caller.userId);
  const target = await targetOf(db, actor.scope.customerId, personId);
  if (!canManagePerson(actor.person, target.person)) throw notPermitted();
  const next = nextState(target.person, change);
  if (next.supplies !== "all" && next.supplies.size === 0)
    throw badRequest("validation", "meter_ids", "people:errors.suppliesRequired");
  await checkSupplies(db, actor, next.supplies);
  if (!canChangePerson(actor.person, target.person, { ...next })) throw notPermitted();
  const detail = changeDetail(target.person, next);
  if (Object.keys(detail).length === 0) return;
  await db.batch([
    db
      .update(users)
      .set({ test_role: next.role, all_supplies: next.supplies === "all" ? 1 : 0 })
      .where(eq(users.id, personId)),
    ...supplyStatements(db, personId, next.supplies),
    ...(endsSessions(target.person, next)
      ? [revokeUserSessionsStatement(db, personId, "person_change")]
      : []),
    auditStatement(db, {
      action: "person_change",
      userId: actor.person.id,
      subjectUserId: personId,
      detail,
      ip: caller.ip,
    }),
  ]);
}

/**
 * DELETE …/people/{personId}: the person is removed (kept for the activity log), can no longer
 * sign in, and every session, open invitation and alert of theirs ends, in one batch.
 */
export async function removePerson(db: Db, caller: Caller, personId: number) {
  const actor = await actorOf(db, caller.userId);
  const target = await targetOf(db, actor.scope.customerId, personId);
  if (!canManagePerson(actor.person, target.person)) throw notPermitted();
  await db.batch([
    // The password goes too: the sign-in does not know removed people (password '!' never matches).
    db
      .update(users)
      .set({ removed_at: nowIso(), password_hash: "!" })
      .where(and(eq(users.id, personId), isNull(users.removed_at))),
    revokeUserSessionsStatement(db, personId, "person_remove"),
    revokeOpenInvitations(db, personId),
    // Their alerts stop with them (#37 §2): nobody else hears of a removed person's alert.
    ...deleteAlertsStatements(db, eq(alerts.user_id, personId)),
    // And the copies of the account's notices (#38 §4): nobody receives them until another is chosen.
    clearTrustedStatement(db, personId),
    auditStatement(db, {
      action: "person_remove",
      userId: actor.person.id,
      subjectUserId: personId,
      detail: { role: target.row.test_role, name: target.row.name },
      ip: caller.ip,
    }),
  ]);
}

/**
 * POST …/people/{personId}/master: the master hands the role to an admin and becomes an admin
 * (with every supply). The new master's sessions end (their role changed); the old master keeps
 * this session only.
 */
export async function handOverMaster(db: Db, caller: Caller, personId: number) {
  const actor = await actorOf(db, caller.userId);
  const target = await targetOf(db, actor.scope.customerId, personId);
  if (!canHandOverMaster(actor.person, target.person) || !mayReceiveMaster(target.row))
    throw notPermitted();
  await db.batch([
    // One master per account (a unique index): the old one steps down first.
    db
      .update(users)
      .set({ test_role: "admin", all_supplies: 1 })
      .where(eq(users.id, actor.person.id)),
    db.update(users).set({ test_role: "master", all_supplies: 1 }).where(eq(users.id, personId)),
    db.delete(userMeters).where(inArray(userMeters.user_id, [personId, actor.person.id])),
    // A master gets the notices themselves: a copy to the same person would be a duplicate.
    clearTrustedStatement(db, personId),
    revokeUserSessionsStatement(db, personId, "master_transfer"),
    revokeUserSessionsStatement(db, actor.person.id, "master_transfer", caller.sessionId),
    auditStatement(db, {
      action: "master_transfer",
      userId: actor.person.id,
      subjectUserId: personId,
      detail: { role: ["admin", "master"], from: actor.person.id, to: personId },
      ip: caller.ip,
    }),
  ]);
}

// ---- the public invitation page ----

async function openInvitation(db: Db, token: string) {
  const id = await sha256(token);
  const [found] = await db
    .select({
      invitation: invitations,
      user: users,
      company: customers.name,
      household: sql<number>`CASE WHEN ${customers.is_legal_person} = 1 THEN 0 ELSE 1 END`,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.user_id))
    .innerJoin(customers, eq(customers.id, users.customer_id))
    .where(eq(invitations.id, id))
    .limit(1);
  // Unknown, used, withdrawn, expired, or the person removed or already active: the same answer.
  if (
    !found ||
    !isOpenInvitation(found.invitation, nowIso()) ||
    found.user.removed_at ||
    !found.user.needs_activation
  )
    throw badRequest("bad_token");
  return found;
}

/** GET /v2/invitations/{token}: whom the invitation is for (400 bad_token if it cannot be used). */
export async function invitationPreview(db: Db, token: string): Promise<ApiInvitation> {
  const found = await openInvitation(db, token);
  const trusted = await trustedPersonOf(db, found.user.customer_id);
  return {
    name: found.user.name,
    email: found.user.registration_email,
    company: found.company,
    household: found.household === 1 ? 1 : 0,
    role: found.user.test_role,
    trusted_copies: trusted?.id === found.user.id,
  };
}

/**
 * POST /v2/invitations/{token}/accept: the password is set and the invitation used, once. Two
 * accepts at the same time: both statements are conditional on the invitation still being open,
 * in one batch (a transaction), and only the one that used it succeeds.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  body: { password: string; password_confirmation: string },
  ip: string | null,
) {
  const found = await openInvitation(db, token);
  if (body.password !== body.password_confirmation)
    throw badRequest("passwords_mismatch", "password_confirmation");
  const hash = await hashPassword(body.password);
  const now = nowIso();
  const open = and(
    eq(invitations.id, found.invitation.id),
    isNull(invitations.used_at),
    isNull(invitations.revoked_at),
    sql`${invitations.expires_at} > ${now}`,
  );
  const [, used] = await db.batch([
    db
      .update(users)
      .set({ password_hash: hash, password_changed_at: now, needs_activation: 0 })
      .where(
        and(
          eq(users.id, found.user.id),
          isNull(users.removed_at),
          sql`EXISTS (SELECT 1 FROM ${invitations} WHERE ${open})`,
        ),
      ),
    db.update(invitations).set({ used_at: now }).where(open),
  ]);
  if (!changedRow(used)) throw badRequest("bad_token");
  await auditStatement(db, {
    action: "invitation_accept",
    userId: found.user.id,
    subjectUserId: found.user.id,
    ip,
  });
}
