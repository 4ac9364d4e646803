import { activityDetail, type ActivityAction, type ActivityDetail } from "../core/activity.ts";
import { DEMO } from "./accounts.ts";
import type { Builder } from "./builder.ts";
import { addDays, stamp } from "./dates.ts";
import type { SeedExtra } from "./extras.ts";

/**
 * The other people of ΒΗΤΑ ΑΛΥΣΙΔΑ (210000002, #18): an admin with twenty supplies and a user with
 * five, invited by the holder (the master) a month ago, and a month of activity by all three
 * (sign-ins, readings, payments, supply settings, the invitations). They are rows of `users`
 * (added with the core tables, so every later id stays as it was); their supplies and the log
 * follow the core INSERTs.
 */
export function largeCompanyPeople(b: Builder): void {
  const d = DEMO.largeCompany;
  const customer = b.tables.customers.find((c) => c.id === d.customerId);
  if (!customer) throw new Error("the large company must be generated first");
  for (const [role, p] of [
    ["admin", d.people.admin],
    ["user", d.people.user],
  ] as const) {
    b.user(customer, {
      id: p.userId,
      username: p.email,
      name: p.name,
      welcome_name: p.welcomeName,
      registration_email: p.email,
      registration_phone: p.phone,
      nrg_skin: 3,
      test_role: role,
      password_changed_at: stamp(addDays(b.today, -29)),
      created_at: stamp(addDays(b.today, -30), "09:30:00.000"),
    });
  }
}

const q = (value: string | number | null) =>
  value === null
    ? "NULL"
    : typeof value === "number"
      ? String(value)
      : `'${value.replace(/'/g, "''")}'`;

interface Entry {
  daysAgo: number;
  time: string;
  userId: number;
  action: ActivityAction;
  meterId?: number;
  subjectUserId?: number;
  detail?: ActivityDetail;
}

export const peopleSeed: SeedExtra = ({ today }) => {
  const d = DEMO.largeCompany;
  const { admin, user } = d.people;
  const master = d.userId;
  const at = (daysAgo: number, time: string) => stamp(addDays(today, -daysAgo), time);
  const lines: string[] = [];

  const memberships = [admin, user].flatMap((p) => p.meterIds.map((m) => `(${p.userId}, ${m})`));
  lines.push(
    `UPDATE users SET all_supplies = 0, invited_by = ${master} WHERE id IN (${admin.userId}, ${user.userId});`,
    // The people page's "last sign-in": the newest sign-in of the month below.
    `UPDATE users SET last_login_at = ${q(at(5, "09:10:00.000"))} WHERE id = ${admin.userId};`,
    `UPDATE users SET last_login_at = ${q(at(3, "17:20:00.000"))} WHERE id = ${user.userId};`,
    `INSERT INTO user_meters (user_id, meter_id) VALUES\n${memberships.join(",\n")};`,
  );

  const entries: Entry[] = [
    { daysAgo: 30, time: "09:20:00.000", userId: master, action: "login_success" },
    {
      daysAgo: 30,
      time: "09:30:00.000",
      userId: master,
      action: "person_invite",
      subjectUserId: admin.userId,
      detail: { name: admin.name, email: admin.email, role: "admin", supplies: 20 },
    },
    {
      daysAgo: 30,
      time: "09:31:00.000",
      userId: master,
      action: "person_invite",
      subjectUserId: user.userId,
      detail: { name: user.name, email: user.email, role: "user", supplies: 5 },
    },
    { daysAgo: 29, time: "10:02:00.000", userId: admin.userId, action: "invitation_accept" },
    { daysAgo: 29, time: "16:45:00.000", userId: user.userId, action: "invitation_accept" },
  ];
  // Four weeks: the master signs in on Mondays, the admin pays on Tuesdays, the user sends a
  // reading of one of their supplies every Thursday.
  for (let week = 0; week < 4; week++) {
    const base = 27 - week * 7;
    entries.push(
      { daysAgo: base, time: "08:55:00.000", userId: master, action: "login_success" },
      { daysAgo: base - 1, time: "09:10:00.000", userId: admin.userId, action: "login_success" },
      {
        daysAgo: base - 1,
        time: "09:14:00.000",
        userId: admin.userId,
        action: "payment",
        meterId: admin.meterIds[week * 3 + 6],
        detail: { amount: `${(412.35 + week * 57.1).toFixed(2)}` },
      },
      { daysAgo: base - 3, time: "17:20:00.000", userId: user.userId, action: "login_success" },
      {
        daysAgo: base - 3,
        time: "17:24:00.000",
        userId: user.userId,
        action: "reading_submit",
        meterId: user.meterIds[week % user.meterIds.length],
        detail: { reading: 48_210 + week * 1_370 },
      },
    );
  }
  entries.push(
    {
      daysAgo: 12,
      time: "11:40:00.000",
      userId: master,
      action: "supply_settings_change",
      meterId: d.firstMeterId + 40,
      detail: { ebill: ["off", "on"] },
    },
    {
      daysAgo: 8,
      time: "12:05:00.000",
      userId: admin.userId,
      action: "supply_settings_change",
      meterId: admin.meterIds[4],
      detail: { sms: ["off", "on"] },
    },
    {
      daysAgo: 5,
      time: "15:30:00.000",
      userId: user.userId,
      action: "login_failure",
      detail: { reason: "wrong_credentials" },
    },
    { daysAgo: 2, time: "08:45:00.000", userId: master, action: "login_success" },
  );
  const values = entries.map(
    (e) =>
      `(${[
        q(e.userId),
        q(e.action),
        q(activityDetail(e.detail)),
        q(
          `${e.userId === master ? "94.66" : e.userId === admin.userId ? "176.58" : "79.130"}.${(e.daysAgo % 200) + 10}.${e.userId}`,
        ),
        q(at(e.daysAgo, e.time)),
        q(d.customerId),
        q(e.meterId ?? null),
        q(e.subjectUserId ?? null),
      ].join(", ")})`,
  );
  lines.push(
    `INSERT INTO audit_log (user_id, action, detail, ip, created_at, customer_id, meter_id, subject_user_id) VALUES\n${values.join(",\n")};`,
  );
  return lines.join("\n");
};
