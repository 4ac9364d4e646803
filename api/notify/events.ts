import { and, eq, isNull, sql } from "drizzle-orm";
import { athensToday } from "../../core/dates";
import { isRegisteredOn, type TrustedCopyNotice } from "../../core/hardship";
import { billRf } from "../../core/rf";
import { publicOrigin } from "../../core/public-origin";
import { quietRelease } from "../../core/quiet-hours";
import { supplyNumber } from "../../core/supply-number";
import type { Db } from "../db";
import {
  customers,
  invoices,
  messages,
  meters,
  users,
  vulnerableRegistrations,
} from "../db/schema";
import { trustedPersonOf } from "../people/trusted";
import { signToken } from "../lib/signing";
import { LINK_TTL_SECONDS } from "../payments/routes";
import { sendEmail, sendSms } from "../services/outbox";
import type { Lang } from "../types";
import { toE164 } from "../messages/sms";
import { createShortLink } from "./short-links";
import { noticeEvents } from "./tables";
import {
  copySentNote,
  disconnectionEmail,
  disconnectionSms,
  overdueEmail,
  overdueInbox,
  overdueSms,
  readingEmail,
  readingInbox,
  readingSms,
  newBillEmail,
  newBillInbox,
  newBillSms,
  paymentEmail,
  paymentInbox,
  planEndedEmail,
  planEndedInbox,
  planEndedSms,
  plannedInterruptionEmail,
  plannedInterruptionSms,
  trustedCopyEmail,
  trustedCopySms,
  type InboxText,
  type PaymentFacts,
  type Text,
} from "./templates";

/**
 * Notices that follow the customer's settings (#36 §2, docs/notices.md).
 *
 * - Once per event: each notice first inserts its event row (`notice_events`); only the call
 *   that inserted it writes the notice, so a batch sent twice, or at once by two callers, sends
 *   it once.
 * - To the account's master person, in their language (before anyone has signed up, in the
 *   language the billing system gave the customer); every notice is also a message in the
 *   account's inbox (both languages, like every message).
 * - Through the outbox and its queue (api/services/outbox.ts); written between 22:00 and 08:00
 *   Athens it waits until the morning (core/quiet-hours.ts), unless the customer is on
 *   life-support equipment.
 */

export interface NotifyContext {
  db: Db;
  env: Env;
  now: Date;
  /** The request's URL, for the links' origin in local development (core/public-origin.ts). */
  requestUrl?: string;
}

/** Records the event; true only for the call that recorded it. */
async function firstTime(ctx: NotifyContext, event: string, customerId: number): Promise<boolean> {
  const rows = await ctx.db
    .insert(noticeEvents)
    .values({ event, customer_id: customerId, created_at: ctx.now.toISOString() })
    .onConflictDoNothing()
    .returning({ event: noticeEvents.event });
  return rows.length > 0;
}

/**
 * A supply with its account and the account's master person: who hears, and how. The language is
 * the master's own (chosen on the portal; users.lang is never null), else, while nobody has signed
 * up, the billing system's for the customer (customers.lang), else Greek.
 */
async function audience(db: Db, meterId: number) {
  const [row] = await db
    .select({
      meterId: meters.id,
      customerId: meters.customer_id,
      division: meters.division,
      per_code: meters.per_code,
      id_code: meters.id_code,
      next_code: meters.next_code,
      pod: meters.pod,
      ebill: meters.ebill,
      ebillEmail: meters.ebill_email,
      smsBill: meters.sms_bill,
      smsNumber: meters.sms_number,
      lifeSupport: customers.life_support,
      customerEmail: customers.email,
      customerLang: customers.lang,
      accountName: customers.name,
      userId: users.id,
      lang: users.lang,
      name: users.welcome_name,
      fullName: users.name,
      email: users.registration_email,
      phone: users.registration_phone,
    })
    .from(meters)
    .innerJoin(customers, eq(customers.id, meters.customer_id))
    .leftJoin(
      users,
      and(
        eq(users.customer_id, meters.customer_id),
        eq(users.test_role, "master"),
        isNull(users.removed_at),
      ),
    )
    .where(eq(meters.id, meterId))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    supply: supplyNumber(row) || String(row.meterId),
    lang: (row.lang ?? row.customerLang ?? "el") satisfies Lang,
  };
}

type Audience = NonNullable<Awaited<ReturnType<typeof audience>>>;

const origin = (ctx: NotifyContext) =>
  publicOrigin(ctx.env, ctx.requestUrl ?? "https://invalid.invalid/");

/**
 * The account's trusted person (#38 §4) who gets a copy of the notices of core/hardship.ts
 * TRUSTED_COPY_NOTICES: one who accepted the invitation and is not the master the notice is for.
 * Null when there is none.
 */
async function trustedCopyFor(ctx: NotifyContext, who: Audience) {
  const trusted = await trustedPersonOf(ctx.db, who.customerId);
  if (!trusted?.active || trusted.id === who.userId) return null;
  return trusted;
}

type Trusted = NonNullable<Awaited<ReturnType<typeof trustedCopyFor>>>;

/** The original email, with the line that says a copy went to the trusted person. */
const withCopyNote = (text: Text, lang: Lang, trusted: Trusted | null): Text =>
  trusted ? { ...text, body: text.body + copySentNote[lang](trusted.name) } : text;

/**
 * The copy of a notice to the trusted person: to their own email and mobile, in their language,
 * saying it is a copy and for whom (templates.ts trustedCopyEmail). `email` and `sms` build the
 * notice's own texts in a language; the links are the original's (a pay link pays the same bill).
 */
async function sendTrustedCopy(
  ctx: NotifyContext,
  who: Audience,
  trusted: Trusted,
  copy: {
    /** The notice copied: its template's name, one of TRUSTED_COPY_NOTICES. */
    template: TrustedCopyNotice;
    email: (lang: Lang) => Text;
    sms: ((lang: Lang) => Text) | null;
    link?: string;
    smsLink?: string;
    notBefore: Date | null;
  },
) {
  const lang = trusted.lang;
  await sendEmail(ctx.db, {
    to: trusted.email,
    ...trustedCopyEmail[lang]({
      holder: who.fullName ?? who.accountName,
      account: who.accountName,
      original: copy.email(lang),
    }),
    template: `${copy.template}_copy`,
    lang,
    ...(copy.link ? { link: copy.link } : {}),
    userId: trusted.id,
    notBefore: copy.notBefore,
  });
  const mobile = toE164(trusted.phone ?? "");
  if (copy.sms && mobile) {
    await sendSms(ctx.db, {
      to: mobile,
      ...trustedCopySms[lang](copy.sms(lang)),
      template: `${copy.template}_sms_copy`,
      lang,
      ...(copy.smsLink ? { link: copy.smsLink } : {}),
      userId: trusted.id,
      notBefore: copy.notBefore,
    });
  }
}

/** When the notice may go: null now; the morning after the quiet hours otherwise. */
const releaseOf = (ctx: NotifyContext, who: Audience, spreadKey: number) =>
  who.lifeSupport === 1 ? null : quietRelease(ctx.now, spreadKey);

async function inbox(ctx: NotifyContext, who: Audience, text: InboxText, category: string) {
  if (who.userId === null) return;
  await ctx.db.insert(messages).values({
    user_id: who.userId,
    meter_id: who.meterId,
    ...text,
    type: "info",
    category,
    read_status: 0,
    c_stamp: ctx.now.toISOString(),
  });
}

/**
 * A new bill (#36 §2): with e-bill on, an email to the supply's e-bill address (amount, due date,
 * RF code, a signed pay link, the PDF and the bill's page); with SMS bill on, one SMS of one
 * segment with a short pay link; an inbox message either way. Paper (e-bill off) goes by post.
 */
export interface NewBillFacts {
  id: number;
  meterId: number;
  /** Cents the bill asks for: this period's amount and the balance carried over (#35 §2). */
  total: number;
  due: string | null;
  rf_code: string | null;
  contract_account: string;
  invoice_no: string;
  type: string;
}

/** `written`: the facts of the row just written, when the caller has them (a query fewer). */
export async function notifyNewBill(
  ctx: NotifyContext,
  invoiceId: number,
  written?: NewBillFacts,
): Promise<void> {
  const [bill]: Array<NewBillFacts | undefined> = written
    ? [written]
    : await ctx.db
        .select({
          id: invoices.id,
          meterId: invoices.meter_id,
          // What the bill asks for: this period's amount and the balance carried over (#35 §2).
          total: sql<number>`${invoices.ypoloipo_cents} + ${invoices.total_value_cents}`,
          due: invoices.date_due,
          rf_code: invoices.rf_code,
          contract_account: invoices.contract_account,
          invoice_no: invoices.invoice_no,
          type: invoices.type,
        })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
  if (!bill) return;
  const who = await audience(ctx.db, bill.meterId);
  if (!who || !(await firstTime(ctx, `bill:${bill.id}`, who.customerId))) return;
  const amount = bill.total / 100;
  await inbox(ctx, who, newBillInbox({ supply: who.supply, amount, due: bill.due }), "billing");
  const notBefore = releaseOf(ctx, who, bill.id);
  const link = await payLinkOf(ctx, who.meterId);
  const emailTo = who.ebillEmail || who.customerEmail || who.email;
  if (who.ebill === 1 && emailTo) {
    const mail = newBillEmail[who.lang]({
      name: who.name ?? "",
      supply: who.supply,
      amount,
      due: bill.due,
      rf: billRf(bill),
      payUrl: link.url,
      billUrl: new URL(`/b2b/logariasmoi/${bill.id}`, link.base).href,
      pdfUrl: new URL(`/b2b/invoice-pdf/${bill.id}`, link.base).href,
    });
    await sendEmail(ctx.db, {
      to: emailTo,
      ...mail,
      template: "new_bill",
      lang: who.lang,
      link: link.path,
      userId: who.userId,
      notBefore,
    });
  }
  const mobile = toE164(who.smsNumber || who.phone || "");
  if (who.smsBill === 1 && mobile) {
    const short = await link.short();
    await sendSms(ctx.db, {
      to: mobile,
      ...newBillSms[who.lang]({ amount, due: bill.due, url: short.url }),
      template: "new_bill_sms",
      lang: who.lang,
      link: short.path,
      userId: who.userId,
      notBefore,
    });
  }
}

/** A payment the billing system recorded (any channel): a receipt by email and in the inbox. */
export async function notifyPaymentReceived(
  ctx: NotifyContext,
  payment: {
    key: string;
    meterId: number;
    amount: number;
    paidAt: string;
    channel: PaymentFacts["channel"];
  },
): Promise<void> {
  const who = await audience(ctx.db, payment.meterId);
  if (!who || !(await firstTime(ctx, `payment:${payment.key}`, who.customerId))) return;
  const facts: PaymentFacts = {
    name: who.name ?? "",
    supply: who.supply,
    amount: payment.amount,
    paidAt: payment.paidAt,
    channel: payment.channel,
  };
  await inbox(ctx, who, paymentInbox(facts), "billing");
  const emailTo = (who.ebill === 1 && who.ebillEmail) || who.email || who.customerEmail;
  if (!emailTo) return;
  await sendEmail(ctx.db, {
    to: emailTo,
    ...paymentEmail[who.lang](facts),
    template: "payment_received",
    lang: who.lang,
    userId: who.userId,
    notBefore: releaseOf(ctx, who, payment.meterId),
  });
}

/** The signed pay link of a supply (60 days), as a full URL, and its short SMS form on demand. */
async function payLinkOf(ctx: NotifyContext, meterId: number) {
  const base = origin(ctx);
  const expires = Math.floor(ctx.now.getTime() / 1000) + LINK_TTL_SECONDS;
  const hash = await signToken(ctx.env.LINK_SECRET, "pay", { m: meterId }, expires);
  const path = `/pay/${hash}`;
  return {
    base,
    path,
    url: new URL(path, base).href,
    short: async () => {
      const code = await createShortLink(ctx.db, path, new Date(expires * 1000), ctx.now);
      return { path: `/p/${code}`, url: new URL(`/p/${code}`, base).href };
    },
  };
}

/**
 * A supply's reading period (meters.indication_open_from/to) is open, or closes in two days
 * without a reading: with the master's `indication_email` / `indication_sms` on, an email and/or
 * an SMS with the closing day and the reading page, and the inbox message. Nothing when both are
 * off. Once per supply, period and kind (api/notify/scheduled.ts finds them).
 */
export async function notifyReadingPeriod(
  ctx: NotifyContext,
  meterId: number,
  period: { closes: string },
  kind: "open" | "reminder",
): Promise<void> {
  const who = await audience(ctx.db, meterId);
  if (!who || who.userId === null) return;
  const [flags] = await ctx.db
    .select({ email: users.indication_email, sms: users.indication_sms })
    .from(users)
    .where(eq(users.id, who.userId));
  if (!flags || (flags.email !== 1 && flags.sms !== 1)) return;
  const event = `reading-${kind}:${meterId}:${period.closes}`;
  if (!(await firstTime(ctx, event, who.customerId))) return;
  const url = new URL("/b2b/kataxorisi", origin(ctx)).href;
  const facts = { name: who.name ?? "", supply: who.supply, closes: period.closes, url };
  await inbox(ctx, who, readingInbox(facts, kind), "readings");
  const notBefore = releaseOf(ctx, who, meterId);
  if (flags.email === 1 && who.email) {
    await sendEmail(ctx.db, {
      to: who.email,
      ...readingEmail[who.lang](facts, kind),
      template: `reading_${kind}`,
      lang: who.lang,
      userId: who.userId,
      notBefore,
    });
  }
  const mobile = toE164(who.phone ?? "");
  if (flags.sms === 1 && mobile) {
    await sendSms(ctx.db, {
      to: mobile,
      ...readingSms[who.lang](facts, kind),
      template: `reading_${kind}_sms`,
      lang: who.lang,
      userId: who.userId,
      notBefore,
    });
  }
}

/**
 * A bill still unpaid after its due date: one reminder by email (e-bill address, else the
 * person's), and by SMS where SMS bill is on, with the pay link and the RF code; in the inbox.
 */
export async function notifyOverdue(ctx: NotifyContext, invoiceId: number): Promise<void> {
  const [bill] = await ctx.db
    .select({
      id: invoices.id,
      meterId: invoices.meter_id,
      remaining: invoices.remaining_cents,
      due: invoices.date_due,
      rf_code: invoices.rf_code,
      contract_account: invoices.contract_account,
      invoice_no: invoices.invoice_no,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!bill?.due || bill.remaining <= 0) return;
  const who = await audience(ctx.db, bill.meterId);
  if (!who || !(await firstTime(ctx, `overdue:${bill.id}`, who.customerId))) return;
  const link = await payLinkOf(ctx, who.meterId);
  const facts = {
    name: who.name ?? "",
    supply: who.supply,
    amount: bill.remaining / 100,
    due: bill.due,
    rf: billRf(bill),
    payUrl: link.url,
  };
  await inbox(ctx, who, overdueInbox(facts), "billing");
  const notBefore = releaseOf(ctx, who, bill.id);
  const trusted = await trustedCopyFor(ctx, who);
  const emailTo = (who.ebill === 1 && who.ebillEmail) || who.email || who.customerEmail;
  if (emailTo) {
    await sendEmail(ctx.db, {
      to: emailTo,
      ...withCopyNote(overdueEmail[who.lang](facts), who.lang, trusted),
      template: "overdue",
      lang: who.lang,
      link: link.path,
      userId: who.userId,
      notBefore,
    });
  }
  const mobile = toE164(who.smsNumber || who.phone || "");
  const short = (who.smsBill === 1 && mobile) || trusted?.phone ? await link.short() : null;
  const sms = (lang: Lang) =>
    overdueSms[lang]({ amount: facts.amount, due: bill.due as string, url: short?.url ?? "" });
  if (who.smsBill === 1 && mobile && short) {
    await sendSms(ctx.db, {
      to: mobile,
      ...sms(who.lang),
      template: "overdue_sms",
      lang: who.lang,
      link: short.path,
      userId: who.userId,
      notBefore,
    });
  }
  if (trusted)
    await sendTrustedCopy(ctx, who, trusted, {
      template: "overdue",
      email: (lang) => overdueEmail[lang](facts),
      sms: short ? sms : null,
      link: link.path,
      ...(short ? { smsLink: short.path } : {}),
      notBefore,
    });
}

/**
 * The billing system's disconnection warning (a back-office message of that kind, whose inbox
 * row the message batch writes): by every channel the customer has, whatever the settings: the
 * person's email and the e-bill address, the person's mobile and the SMS-bill number.
 */
export async function notifyDisconnection(
  ctx: NotifyContext,
  warning: { key: string; meterId: number; date: string },
): Promise<void> {
  const who = await audience(ctx.db, warning.meterId);
  if (!who || !(await firstTime(ctx, `disconnection:${warning.key}`, who.customerId))) return;
  const [meter] = await ctx.db
    .select({ balance: meters.running_total_cents })
    .from(meters)
    .where(eq(meters.id, who.meterId));
  const link = await payLinkOf(ctx, who.meterId);
  const facts = {
    name: who.name ?? "",
    supply: who.supply,
    date: warning.date,
    amount: (meter?.balance ?? 0) / 100,
    payUrl: link.url,
  };
  const notBefore = releaseOf(ctx, who, who.meterId);
  const trusted = await trustedCopyFor(ctx, who);
  const emails = new Set(
    [who.email, who.ebill === 1 ? who.ebillEmail : null, who.customerEmail]
      .filter((e): e is string => Boolean(e))
      .map((e) => e.toLowerCase()),
  );
  for (const to of emails) {
    await sendEmail(ctx.db, {
      to,
      ...withCopyNote(disconnectionEmail[who.lang](facts), who.lang, trusted),
      template: "disconnection",
      lang: who.lang,
      link: link.path,
      userId: who.userId,
      notBefore,
    });
  }
  const mobiles = new Set(
    [who.phone, who.smsNumber].map((n) => toE164(n ?? "")).filter((n): n is string => n !== null),
  );
  const short = mobiles.size > 0 || trusted?.phone ? await link.short() : null;
  const sms = (lang: Lang) => disconnectionSms[lang]({ date: warning.date, url: short?.url ?? "" });
  if (short) {
    for (const to of mobiles) {
      await sendSms(ctx.db, {
        to,
        ...sms(who.lang),
        template: "disconnection_sms",
        lang: who.lang,
        link: short.path,
        userId: who.userId,
        notBefore,
      });
    }
  }
  if (trusted)
    await sendTrustedCopy(ctx, who, trusted, {
      template: "disconnection",
      email: (lang) => disconnectionEmail[lang](facts),
      sms: short ? sms : null,
      link: link.path,
      ...(short ? { smsLink: short.path } : {}),
      notBefore,
    });
}

/**
 * A planned interruption of the network operator at a supply (#38 §3; a back-office message of
 * that kind, whose inbox row the message batch writes). For a supply on the vulnerable register
 * today in the category life_support (vulnerable_registrations, core/hardship.ts isRegisteredOn):
 * by every channel the customer has, whatever the settings (the person's email and the e-bill
 * address, the person's mobile and the SMS-bill number), at once (never held for the quiet hours:
 * a life-support home needs every hour of warning), once per message key; and a copy to the
 * trusted person (#38 §4). Any other supply has the inbox message only. True when it was sent.
 */
export async function notifyPlannedInterruption(
  ctx: NotifyContext,
  cut: { key: string; meterId: number; date: string; from: string; to: string },
): Promise<boolean> {
  const [registration] = await ctx.db
    .select({
      category: vulnerableRegistrations.category,
      registered_at: vulnerableRegistrations.registered_at,
      valid_to: vulnerableRegistrations.valid_to,
    })
    .from(vulnerableRegistrations)
    .where(eq(vulnerableRegistrations.meter_id, cut.meterId));
  if (registration?.category !== "life_support") return false;
  if (!isRegisteredOn(registration, athensToday(ctx.now))) return false;
  const who = await audience(ctx.db, cut.meterId);
  if (!who || !(await firstTime(ctx, `planned-interruption:${cut.key}`, who.customerId)))
    return false;
  const facts = {
    name: who.name ?? "",
    supply: who.supply,
    date: cut.date,
    from: cut.from,
    to: cut.to,
  };
  const trusted = await trustedCopyFor(ctx, who);
  const emails = new Set(
    [who.email, who.ebill === 1 ? who.ebillEmail : null, who.customerEmail]
      .filter((e): e is string => Boolean(e))
      .map((e) => e.toLowerCase()),
  );
  for (const to of emails) {
    await sendEmail(ctx.db, {
      to,
      ...withCopyNote(plannedInterruptionEmail[who.lang](facts), who.lang, trusted),
      template: "planned_interruption",
      lang: who.lang,
      userId: who.userId,
      notBefore: null,
    });
  }
  const mobiles = new Set(
    [who.phone, who.smsNumber].map((n) => toE164(n ?? "")).filter((n): n is string => n !== null),
  );
  const sms = (lang: Lang) => plannedInterruptionSms[lang](facts);
  for (const to of mobiles) {
    await sendSms(ctx.db, {
      to,
      ...sms(who.lang),
      template: "planned_interruption_sms",
      lang: who.lang,
      userId: who.userId,
      notBefore: null,
    });
  }
  if (trusted)
    await sendTrustedCopy(ctx, who, trusted, {
      template: "planned_interruption",
      email: (lang) => plannedInterruptionEmail[lang](facts),
      sms,
      notBefore: null,
    });
  return true;
}

/**
 * A payment plan ended because an instalment was missed (#38 §1; api/payment-plans/service.ts
 * endMissedPlans, from the hourly job): the balance is overdue again. Told as an overdue bill is:
 * by email (the e-bill address, else the person's), by SMS where SMS bill is on, with the pay
 * link; in the inbox. Once per plan.
 */
export async function notifyPlanEnded(
  ctx: NotifyContext,
  plan: {
    planId: number;
    meterId: number;
    missedN: number;
    missedDue: string;
    missedCents: number;
  },
): Promise<void> {
  const who = await audience(ctx.db, plan.meterId);
  if (!who || !(await firstTime(ctx, `plan-ended:${plan.planId}`, who.customerId))) return;
  const [balance] = await ctx.db
    .select({ cents: meters.running_total_cents })
    .from(meters)
    .where(eq(meters.id, who.meterId));
  const link = await payLinkOf(ctx, who.meterId);
  const facts = {
    name: who.name ?? "",
    supply: who.supply,
    n: plan.missedN,
    amount: plan.missedCents / 100,
    due: plan.missedDue,
    balance: Math.max(0, balance?.cents ?? 0) / 100,
    url: link.url,
  };
  await inbox(ctx, who, planEndedInbox(facts), "billing");
  const notBefore = releaseOf(ctx, who, plan.planId);
  const emailTo = (who.ebill === 1 && who.ebillEmail) || who.email || who.customerEmail;
  if (emailTo) {
    await sendEmail(ctx.db, {
      to: emailTo,
      ...planEndedEmail[who.lang](facts),
      template: "plan_ended",
      lang: who.lang,
      link: link.path,
      userId: who.userId,
      notBefore,
    });
  }
  const mobile = toE164(who.smsNumber || who.phone || "");
  if (who.smsBill === 1 && mobile) {
    const short = await link.short();
    await sendSms(ctx.db, {
      to: mobile,
      ...planEndedSms[who.lang]({ balance: facts.balance, url: short.url }),
      template: "plan_ended_sms",
      lang: who.lang,
      link: short.path,
      userId: who.userId,
      notBefore,
    });
  }
}
