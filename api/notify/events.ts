import { and, eq, isNull } from "drizzle-orm";
import { billRf } from "../../core/rf";
import { publicOrigin } from "../../core/public-origin";
import { quietRelease } from "../../core/quiet-hours";
import { supplyNumber } from "../../core/supply-number";
import type { Db } from "../db";
import { customers, invoices, messages, meters, users } from "../db/schema";
import { signToken } from "../lib/signing";
import { LINK_TTL_SECONDS } from "../payments/routes";
import { sendEmail, sendSms } from "../services/outbox";
import type { Lang } from "../types";
import { toE164 } from "../messages/sms";
import { createShortLink } from "./short-links";
import { noticeEvents } from "./tables";
import {
  newBillEmail,
  newBillInbox,
  newBillSms,
  paymentEmail,
  paymentInbox,
  type InboxText,
  type PaymentFacts,
} from "./templates";

/**
 * Notices that follow the customer's settings (#36 §2, docs/notices.md).
 *
 * - Once per event: each notice first inserts its event row (`notice_events`); only the call
 *   that inserted it writes the notice, so a batch sent twice, or at once by two callers, sends
 *   it once.
 * - To the account's master person, in their language; every notice is also a message in the
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

/** A supply with its account and the account's master person: who hears, and how. */
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
      userId: users.id,
      lang: users.lang,
      name: users.welcome_name,
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
    lang: (row.lang ?? "el") as Lang,
  };
}

type Audience = NonNullable<Awaited<ReturnType<typeof audience>>>;

const origin = (ctx: NotifyContext) =>
  publicOrigin(ctx.env, ctx.requestUrl ?? "https://invalid.invalid/");

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
export async function notifyNewBill(ctx: NotifyContext, invoiceId: number): Promise<void> {
  const [bill] = await ctx.db
    .select({
      id: invoices.id,
      meterId: invoices.meter_id,
      total: invoices.total_value_cents,
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
  const base = origin(ctx);
  const expires = Math.floor(ctx.now.getTime() / 1000) + LINK_TTL_SECONDS;
  const hash = await signToken(ctx.env.LINK_SECRET, "pay", { m: who.meterId }, expires);
  const payPath = `/pay/${hash}`;
  const emailTo = who.ebillEmail || who.customerEmail || who.email;
  if (who.ebill === 1 && emailTo) {
    const mail = newBillEmail[who.lang]({
      name: who.name ?? "",
      supply: who.supply,
      amount,
      due: bill.due,
      rf: billRf(bill),
      payUrl: new URL(payPath, base).href,
      billUrl: new URL(`/b2b/logariasmoi/${bill.id}`, base).href,
      pdfUrl: new URL(`/b2b/invoice-pdf/${bill.id}`, base).href,
    });
    await sendEmail(ctx.db, {
      to: emailTo,
      ...mail,
      template: "new_bill",
      lang: who.lang,
      link: payPath,
      userId: who.userId,
      notBefore,
    });
  }
  const mobile = toE164(who.smsNumber || who.phone || "");
  if (who.smsBill === 1 && mobile) {
    const code = await createShortLink(ctx.db, payPath, new Date(expires * 1000), ctx.now);
    const sms = newBillSms[who.lang]({
      amount,
      due: bill.due,
      url: new URL(`/p/${code}`, base).href,
    });
    await sendSms(ctx.db, {
      to: mobile,
      ...sms,
      template: "new_bill_sms",
      lang: who.lang,
      link: `/p/${code}`,
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
