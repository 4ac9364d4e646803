import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient, tokenOf } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * The people of an account and their invitations (#18, api/people): each endpoint with each
 * role. Customer 3 (210000002): master user 3, admin 11 (supplies 1001-1020), user 12 (1001-1005).
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let master: string;
let admin: string;
let user: string;
let other: string; // another customer's master (the household)
const big = DEMO.largeCompany;
const A = big.people.admin;
const U = big.people.user;
const M = big.userId;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  master = (await api.login(big.vat)).access_token;
  admin = (await api.login(A.email)).access_token;
  user = (await api.login(U.email)).access_token;
  other = (await api.login(DEMO.household.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const people = (id: number, token: string) => api.call(`/users/${id}/people`, { token });
const invite = (id: number, token: string, body: Record<string, unknown>) =>
  api.call(`/users/${id}/people`, { method: "POST", token, body });
const person = (email: string) =>
  server.query<Record<string, unknown>>(
    `select * from users where registration_email = '${email}'`,
  )[0];

describe("GET /users/:userId/people", () => {
  it("master and admin see every person with what they may do; a user is refused", async () => {
    const m = await people(M, master);
    expect(m.status).toBe(200);
    const list = m.body.data.people as Array<Record<string, unknown>>;
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining([M, A.userId, U.userId]));
    const byId = new Map(list.map((p) => [p.id, p]));
    expect(byId.get(M)).toMatchObject({ role: "master", is_me: true, can_manage: false });
    expect(byId.get(A.userId)).toMatchObject({
      role: "admin",
      all_supplies: 0,
      supply_count: 20,
      status: "active",
      can_manage: true,
      can_hand_over: true,
    });
    const a = await people(A.userId, admin);
    expect(a.status).toBe(200);
    const seen = new Map(
      (a.body.data.people as Array<Record<string, unknown>>).map((p) => [p.id, p]),
    );
    expect(seen.get(M)).toMatchObject({ can_manage: false });
    expect(seen.get(U.userId)).toMatchObject({ can_manage: true, can_hand_over: false });
    const u = await people(U.userId, user);
    expect(u.status).toBe(403);
    expect(u.code).toBe("not_permitted");
  });

  it("another user's path is 404", async () => {
    expect((await people(M, other)).status).toBe(404);
    expect((await people(M, admin)).status).toBe(404);
  });

  it("the supply chooser filters the caller's own supplies", async () => {
    const all = await api.call(`/users/${A.userId}/people/supplies`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(20);
    const ids = (all.body.data.supplies as Array<{ id: number }>).map((s) => s.id);
    expect(ids.every((id) => id >= 1001 && id <= 1020)).toBe(true);
    const region = all.body.data.regions[0] as string;
    const some = await api.call(
      `/users/${A.userId}/people/supplies?region=${encodeURIComponent(region)}`,
      { token: admin },
    );
    expect(some.body.data.supplies.length).toBeGreaterThan(0);
    expect(
      (some.body.data.supplies as Array<{ region: string }>).every((s) => s.region === region),
    ).toBe(true);
    const u = await api.call(`/users/${U.userId}/people/supplies`, { token: user });
    expect(u.code).toBe("not_permitted");
  });
});

describe("invite → accept", () => {
  const email = "new.person@beta.example";
  let token = "";

  it("refuses a used email, missing supplies, and an admin giving what it has not", async () => {
    const used = await invite(M, master, {
      name: "X",
      email: A.email,
      role: "user",
      all_supplies: 1,
      meter_ids: [],
    });
    expect([used.status, used.code, used.field]).toEqual([400, "email_in_use", "email"]);
    const none = await invite(M, master, {
      name: "X",
      email,
      role: "user",
      all_supplies: 0,
      meter_ids: [],
    });
    expect([none.status, none.field]).toEqual([400, "meter_ids"]);
    const outside = await invite(A.userId, admin, {
      name: "X",
      email,
      role: "user",
      all_supplies: 0,
      meter_ids: [1001, 1100],
    });
    expect([outside.status, outside.code, outside.field]).toEqual([400, "validation", "meter_ids"]);
    const foreign = await invite(M, master, {
      name: "X",
      email,
      role: "user",
      all_supplies: 0,
      meter_ids: [1],
    });
    expect([foreign.status, foreign.field]).toEqual([400, "meter_ids"]);
    const allOfThem = await invite(A.userId, admin, {
      name: "X",
      email,
      role: "user",
      all_supplies: 1,
    });
    expect([allOfThem.status, allOfThem.field]).toEqual([400, "all_supplies"]);
    const asAdmin = await invite(A.userId, admin, {
      name: "X",
      email,
      role: "admin",
      all_supplies: 0,
      meter_ids: [1001],
    });
    expect([asAdmin.status, asAdmin.code]).toEqual([403, "not_permitted"]);
    const byUser = await invite(U.userId, user, {
      name: "X",
      email,
      role: "user",
      all_supplies: 0,
      meter_ids: [1001],
    });
    expect([byUser.status, byUser.code]).toEqual([403, "not_permitted"]);
    expect(person(email)).toBeUndefined();
  });

  it("an admin invites a user within its supplies: row, supplies, invitation, email, log", async () => {
    const r = await invite(A.userId, admin, {
      name: "Νέα Συνεργάτιδα",
      email: "New.Person@Beta.example",
      role: "user",
      all_supplies: 0,
      meter_ids: [1003, 1004],
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      email,
      role: "user",
      status: "invited",
      supply_count: 2,
      invited_by: A.name,
      can_manage: true,
    });
    const row = person(email);
    expect(row).toMatchObject({
      username: email,
      password_hash: "!",
      needs_activation: 1,
      all_supplies: 0,
      invited_by: A.userId,
      test_role: "user",
      customer_id: big.customerId,
    });
    const mail = (await api.outbox()).find((m) => m.recipient === email);
    expect(mail?.link).toMatch(/^\/prosklisi\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.body).toContain("/prosklisi/");
    token = tokenOf(mail?.link);
    const log = server.query<{ action: string; detail: string }>(
      `select action, detail from audit_log where subject_user_id = ${row?.id as number} order by id`,
    );
    expect(log[0]?.action).toBe("person_invite");
  });

  it("the public preview names the person; a bad token is bad_token", async () => {
    const r = await api.call(`/v2/invitations/${token}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ email, name: "Νέα Συνεργάτιδα", company: big.name });
    expect((await api.call(`/v2/invitations/nope`)).code).toBe("bad_token");
  });

  it("accept checks the password, works once, then the person signs in with the email", async () => {
    const weak = await api.call(`/v2/invitations/${token}/accept`, {
      body: { password: "short", password_confirmation: "short" },
    });
    expect([weak.status, weak.field]).toEqual([400, "password"]);
    const mismatch = await api.call(`/v2/invitations/${token}/accept`, {
      body: { password: "Welcome2026!", password_confirmation: "Welcome2026?" },
    });
    expect(mismatch.code).toBe("passwords_mismatch");
    const [a, b] = await Promise.all([
      api.call(`/v2/invitations/${token}/accept`, {
        body: { password: "Welcome2026!", password_confirmation: "Welcome2026!" },
      }),
      api.call(`/v2/invitations/${token}/accept`, {
        body: { password: "Welcome2026!", password_confirmation: "Welcome2026!" },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([204, 400]);
    const again = await api.call(`/v2/invitations/${token}/accept`, {
      body: { password: "Welcome2026!", password_confirmation: "Welcome2026!" },
    });
    expect(again.code).toBe("bad_token");
    expect((await api.call(`/v2/invitations/${token}`)).code).toBe("bad_token");
    expect(person(email)).toMatchObject({ needs_activation: 0 });
    const tokens = await api.login(email, "Welcome2026!");
    expect(tokens.user_id).toBe(person(email)?.id);
  });
});

describe("change, remove, invitations, master", () => {
  it("the master changes a user; fewer supplies end their sessions; the log says old → new", async () => {
    const session = (await api.login(U.email)).access_token;
    const r = await api.call(`/users/${M}/people/${U.userId}`, {
      method: "PATCH",
      token: master,
      body: { meter_ids: [1001, 1002, 1003] },
    });
    expect(r.status).toBe(204);
    expect((await api.call("/v2/me", { token: session })).status).toBe(403);
    const [entry] = server.query<{ detail: string }>(
      `select detail from audit_log where action = 'person_change' and subject_user_id = ${U.userId} order by id desc limit 1`,
    );
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({ supplies: ["5", "3"] });
    user = (await api.login(U.email)).access_token;
  });

  it("an admin cannot give a user an admin role nor supplies outside its own", async () => {
    const role = await api.call(`/users/${A.userId}/people/${U.userId}`, {
      method: "PATCH",
      token: admin,
      body: { role: "admin" },
    });
    expect([role.status, role.code]).toEqual([403, "not_permitted"]);
    const outside = await api.call(`/users/${A.userId}/people/${U.userId}`, {
      method: "PATCH",
      token: admin,
      body: { all_supplies: 0, meter_ids: [1001, 1050] },
    });
    expect([outside.status, outside.field]).toEqual([400, "meter_ids"]);
    const master_ = await api.call(`/users/${A.userId}/people/${M}`, {
      method: "PATCH",
      token: admin,
      body: { all_supplies: 1 },
    });
    expect(master_.code).toBe("not_permitted");
    const byUser = await api.call(`/users/${U.userId}/people/${A.userId}`, {
      method: "DELETE",
      token: user,
    });
    expect(byUser.code).toBe("not_permitted");
    const adminRemovesAdmin = await api.call(`/users/${A.userId}/people/${A.userId}`, {
      method: "DELETE",
      token: admin,
    });
    expect(adminRemovesAdmin.code).toBe("not_permitted");
  });

  it("another customer's person or a missing one is 404", async () => {
    const r = await api.call(`/users/${M}/people/1`, { method: "DELETE", token: master });
    expect(r.status).toBe(404);
    expect((await api.call(`/users/${M}/people/999999`, { token: master })).status).toBe(404);
  });

  it("re-invite replaces the link; withdraw revokes it", async () => {
    const email = "second@beta.example";
    const r = await invite(M, master, { name: "Δεύτερος", email, role: "admin", all_supplies: 1 });
    expect(r.status).toBe(201);
    const id = r.body.data.id as number;
    const first = tokenOf((await api.outbox()).find((m) => m.recipient === email)?.link);
    const again = await api.call(`/users/${M}/people/${id}/invitation`, {
      method: "POST",
      token: master,
    });
    expect(again.status).toBe(204);
    const mails = (await api.outbox()).filter((m) => m.recipient === email);
    expect(mails.length).toBe(2);
    const second = tokenOf(mails.find((m) => tokenOf(m.link) !== first)?.link);
    expect((await api.call(`/v2/invitations/${first}`)).code).toBe("bad_token");
    expect((await api.call(`/v2/invitations/${second}`)).status).toBe(200);
    const withdrawn = await api.call(`/users/${M}/people/${id}/invitation`, {
      method: "DELETE",
      token: master,
    });
    expect(withdrawn.status).toBe(204);
    expect((await api.call(`/v2/invitations/${second}`)).code).toBe("bad_token");
    const listed = (await people(M, master)).body.data.people.find(
      (p: { id: number }) => p.id === id,
    );
    expect(listed.status).toBe("invitation_expired");
    const byAdmin = await api.call(`/users/${A.userId}/people/${id}/invitation`, {
      method: "POST",
      token: admin,
    });
    expect(byAdmin.code).toBe("not_permitted");
  });

  it("removing a person ends their session and they cannot sign in again", async () => {
    const email = "new.person@beta.example";
    const id = person(email)?.id as number;
    const session = (await api.login(email, "Welcome2026!")).access_token;
    const r = await api.call(`/users/${A.userId}/people/${id}`, { method: "DELETE", token: admin });
    expect(r.status).toBe(204);
    expect((await api.call("/v2/me", { token: session })).status).toBe(403);
    expect(person(email)?.removed_at).toBeTruthy();
    const list = (await people(M, master)).body.data.people as Array<{ id: number }>;
    expect(list.some((p) => p.id === id)).toBe(false);
    const login = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [email, "Welcome2026!"],
    });
    expect(login.status).not.toBe(200);
    const log = server.query<{ action: string }>(
      `select action from audit_log where subject_user_id = ${id} order by id`,
    );
    expect(log.map((l) => l.action)).toContain("person_remove");
  });

  it("a removed person's email is invited again on the same row, without the old password", async () => {
    const email = "new.person@beta.example";
    const id = person(email)?.id as number;
    const before = server.query<{ action: string }>(
      `select action from audit_log where subject_user_id = ${id} or user_id = ${id} order by id`,
    );
    const r = await invite(M, master, {
      name: "Νέα Επιστροφή",
      email,
      role: "admin",
      all_supplies: 0,
      meter_ids: [1001, 1002],
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      id,
      name: "Νέα Επιστροφή",
      role: "admin",
      status: "invited",
      supply_count: 2,
      last_login_at: null,
    });
    expect(person(email)).toMatchObject({
      id,
      removed_at: null,
      password_hash: "!",
      needs_activation: 1,
      test_role: "admin",
      invited_by: M,
    });
    const list = (await people(M, master)).body.data.people as Array<{ id: number }>;
    expect(list.some((p) => p.id === id)).toBe(true);
    // The old password, sessions and invitation stay dead until the new invitation is accepted.
    const old = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [email, "Welcome2026!"],
    });
    expect(old.status).not.toBe(200);
    expect(
      server.query(`select id from sessions where user_id = ${id} and revoked_at is null`),
    ).toEqual([]);
    const open = server.query<{ id: string }>(
      `select id from invitations where user_id = ${id} and used_at is null and revoked_at is null`,
    );
    expect(open).toHaveLength(1);
    // The activity log keeps the old entries under the same id, then the new invitation.
    const after = server.query<{ action: string }>(
      `select action from audit_log where subject_user_id = ${id} or user_id = ${id} order by id`,
    );
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((a) => a.action)).toContain("person_invite");

    const fresh = tokenOf((await api.outbox()).find((m) => m.recipient === email)?.link);
    expect((await api.call(`/v2/invitations/${fresh}`)).status).toBe(200);
    const accept = await api.call(`/v2/invitations/${fresh}/accept`, {
      body: { password: "Again2026!x", password_confirmation: "Again2026!x" },
    });
    expect(accept.status).toBe(204);
    expect((await api.login(email, "Again2026!x")).user_id).toBe(id);
    expect(
      (await api.call("/v2/auth/login", { method: "POST", basic: [email, "Welcome2026!"] })).status,
    ).not.toBe(200);
    // A person of another account keeps the email refused.
    const elsewhere = await invite(DEMO.household.userId, other, {
      name: "X",
      email: U.email,
      role: "user",
      all_supplies: 1,
    });
    expect([elsewhere.status, elsewhere.code]).toEqual([400, "email_in_use"]);
  });

  it("only the master hands over, only to an admin; the old master becomes an admin", async () => {
    expect(
      (
        await api.call(`/users/${A.userId}/people/${A.userId}/master`, {
          method: "POST",
          token: admin,
        })
      ).code,
    ).toBe("not_permitted");
    expect(
      (await api.call(`/users/${M}/people/${U.userId}/master`, { method: "POST", token: master }))
        .code,
    ).toBe("not_permitted");
    const r = await api.call(`/users/${M}/people/${A.userId}/master`, {
      method: "POST",
      token: master,
    });
    expect(r.status).toBe(204);
    const roles = server.query<{ id: number; test_role: string }>(
      `select id, test_role from users where id in (${M}, ${A.userId}) order by id`,
    );
    expect(roles).toEqual([
      { id: M, test_role: "admin" },
      { id: A.userId, test_role: "master" },
    ]);
    // The old master's own session goes on; the new master signs in again.
    expect((await people(M, master)).status).toBe(200);
    const back = (await api.login(A.email)).access_token;
    const undo = await api.call(`/users/${A.userId}/people/${M}/master`, {
      method: "POST",
      token: back,
    });
    expect(undo.status).toBe(204);
  });
});

describe("read marks are per person (migrations/0013_message_reads.sql)", () => {
  type Message = { id: number; read_status: number };
  const messagesOf = async (id: number, token: string) =>
    (await api.call(`/users/${id}/messages`, { token })).body.data as Message[];
  // The hand-over above ended the master's and the admin's sessions: new ones.
  let masterNow = "";
  let adminNow = "";
  beforeAll(async () => {
    masterNow = (await api.login(big.vat)).access_token;
    adminNow = (await api.login(A.email)).access_token;
  });

  it("the account holder keeps the account's earlier marks; a user starts with none", async () => {
    const h = DEMO.household;
    const seededRead = server.query<{ id: number }>(
      `select id from messages where user_id = ${h.userId} and read_status = 1`,
    );
    expect(seededRead.length).toBeGreaterThan(0);
    const holder = new Map((await messagesOf(h.userId, other)).map((m) => [m.id, m.read_status]));
    for (const { id } of seededRead) expect(holder.get(id)).toBe(1);
    const theirs = await messagesOf(U.userId, user);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((m) => m.read_status === 0)).toBe(true);
  });

  it("the user reads a message: read for the user, still unread for the master", async () => {
    const before = await messagesOf(M, masterNow);
    const unreadByMaster = new Set(before.filter((m) => m.read_status === 0).map((m) => m.id));
    const target = (await messagesOf(U.userId, user)).find((m) => unreadByMaster.has(m.id));
    expect(target).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const r = await api.call("/update_notification", {
        method: "PUT",
        token: user,
        body: { id: target?.id },
      });
      expect(r.status).toBe(204);
    }
    const readBy = async (id: number, token: string) =>
      (await messagesOf(id, token)).find((m) => m.id === target?.id)?.read_status;
    expect(await readBy(U.userId, user)).toBe(1);
    expect(await readBy(M, masterNow)).toBe(0);
    expect(await readBy(A.userId, adminNow)).toBe(0);
    expect(
      server.query(`select user_id from message_reads where message_id = ${target?.id}`),
    ).toEqual([{ user_id: U.userId }]);
  });
});
