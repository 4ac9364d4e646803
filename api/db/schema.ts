/**
 * Drizzle mirror of the tables of migrations/*.sql that no single feature owns (a feature's own
 * tables may sit beside it in `api/<feature>/tables.ts`). The SQL migrations are the source of
 * truth; this file only gives the queries types, so keep column names, types, nullability,
 * defaults, keys and indexes identical: tests/unit/drizzle-schema.test.ts fails when the two disagree.
 */
import { INVOICE_TYPES } from "../../core/invoice-types";
import { PRODUCT_SEGMENTS } from "../../core/products";
import { TARIFF_COLOURS } from "../../core/tariff-colours";
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const nowStamp = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const customers = sqliteTable("customers", {
  id: integer("id").primaryKey(),
  afm: text("afm").notNull().unique(),
  name: text("name").notNull(),
  is_legal_person: integer("is_legal_person").notNull().default(0),
  employee_name: text("employee_name"),
  tax_office: text("tax_office"),
  phone: text("phone"),
  email: text("email"),
  sap_id: text("sap_id").notNull(),
  /** 0024: on life-support equipment (the vulnerable register); notices skip the quiet hours. */
  life_support: integer("life_support").notNull().default(0),
  /** 0026: the social tariff (none, applied, granted, refused) and its last day. */
  social_tariff: text("social_tariff").notNull().default("none"),
  social_tariff_until: text("social_tariff_until"),
  /** 0026: the vulnerable register's last decision (none, granted, refused, withdrawn). */
  vulnerable: text("vulnerable").notNull().default("none"),
  vulnerable_until: text("vulnerable_until"),
  /**
   * 0027: the billing system's language for the customer's notices while no person has signed up
   * (null: Greek); a signed-up master's users.lang wins (api/notify/events.ts audience).
   */
  lang: text("lang", { enum: ["el", "en"] }),
});

/**
 * The supplier's products (0026): meters.package_name is a product's name. `prices` is JSON
 * (api/backoffice/tariffs.ts productPrices); until the billing system sends a product, the
 * portal's stand-ins are core/products.ts.
 */
export const products = sqliteTable("products", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
  descr: text("descr").notNull(),
  /** 1 electricity, 2 gas (as meters.division). */
  division: integer("division").notNull(),
  /** 0028: one of core/tariff-colours.ts TARIFF_COLOURS for electricity; null for gas. */
  tariff_colour: text("tariff_colour", { enum: TARIFF_COLOURS }),
  /** 0028: whom it is offered to. */
  segment: text("segment", { enum: PRODUCT_SEGMENTS }).notNull().default("home"),
  prices: text("prices").notNull(),
  valid_from: text("valid_from").notNull(),
  updated_at: text("updated_at").notNull(),
});

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    username: text("username").notNull().unique(),
    name: text("name").notNull(),
    welcome_name: text("welcome_name").notNull(),
    lang: text("lang", { enum: ["el", "en"] })
      .notNull()
      .default("el"),
    nrg_skin: integer("nrg_skin").notNull().default(1),
    registration_email: text("registration_email").notNull().unique(),
    registration_phone: text("registration_phone").unique(),
    indication_email: integer("indication_email").notNull().default(0),
    indication_sms: integer("indication_sms").notNull().default(0),
    needs_activation: integer("needs_activation").notNull().default(1),
    first_login_settings_open: integer("first_login_settings_open").notNull().default(0),
    account_status: integer("account_status").notNull().default(1),
    deactivated_at: text("deactivated_at"),
    password_hash: text("password_hash").notNull(),
    password_changed_at: text("password_changed_at"),
    avatar_key: text("avatar_key"),
    avatar_name: text("avatar_name"),
    avatar_type: text("avatar_type"),
    popup_title: text("popup_title"),
    popup_body: text("popup_body"),
    popup_button_title: text("popup_button_title"),
    popup_url: text("popup_url"),
    /** The pop-up's English texts (0021); NULL: the Greek ones are shown in English too. */
    popup_title_en: text("popup_title_en"),
    popup_body_en: text("popup_body_en"),
    popup_button_title_en: text("popup_button_title_en"),
    popup_dismissed_at: text("popup_dismissed_at"),
    /** The person's role (migrations/0012_people.sql, viewer: 0034): one master per customer. */
    test_role: text("test_role", { enum: ["master", "admin", "user", "viewer"] })
      .notNull()
      .default("user"),
    created_at: text("created_at").notNull().default(nowStamp),
    /** 1: every supply of the customer; 0: only those in user_meters. */
    all_supplies: integer("all_supplies").notNull().default(1),
    invited_by: integer("invited_by"),
    removed_at: text("removed_at"),
    last_login_at: text("last_login_at"),
    /** 1: registration_email is proven by a link sent to it (migrations/0022): it signs in. */
    email_verified: integer("email_verified").notNull().default(1),
  },
  (t) => [
    uniqueIndex("users_one_master")
      .on(t.customer_id)
      .where(sql`test_role = 'master' AND removed_at IS NULL`),
    index("users_customer").on(t.customer_id),
  ],
);

/** The supplies of a person without all_supplies (migrations/0012_people.sql). */
export const userMeters = sqliteTable(
  "user_meters",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.meter_id] }),
    index("user_meters_meter").on(table.meter_id),
  ],
);

/** Emailed single-use invitations; `id` is base64url(SHA-256(token)). */
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    invited_by: integer("invited_by")
      .notNull()
      .references(() => users.id),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    revoked_at: text("revoked_at"),
  },
  (t) => [index("invitations_user").on(t.user_id)],
);

export const meters = sqliteTable(
  "meters",
  {
    id: integer("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    status: text("status").notNull(),
    is_main: integer("is_main").notNull().default(0),
    meter_type: text("meter_type").notNull(),
    sap_id: text("sap_id").notNull(),
    division: integer("division").notNull(),
    category: text("category").notNull().default(""),
    voltage_type: text("voltage_type").notNull().default("01"),
    phys_street: text("phys_street").notNull(),
    phys_street_no: text("phys_street_no").notNull(),
    phys_postal_code: text("phys_postal_code").notNull(),
    phys_region: text("phys_region").notNull(),
    bill_street: text("bill_street").notNull(),
    bill_street_no: text("bill_street_no").notNull(),
    bill_postal_code: text("bill_postal_code").notNull(),
    bill_region: text("bill_region").notNull(),
    per_code: text("per_code"),
    id_code: text("id_code"),
    next_code: text("next_code"),
    pod: text("pod"),
    package_print_descr: text("package_print_descr").notNull(),
    package_name: text("package_name").notNull(),
    running_total_cents: integer("running_total_cents").notNull().default(0),
    trn_value_cents: integer("trn_value_cents").notNull().default(0),
    last_payment_date: text("last_payment_date"),
    last_invoice_due_date: text("last_invoice_due_date"),
    ebill: integer("ebill").notNull().default(0),
    sms_bill: integer("sms_bill").notNull().default(0),
    ebill_email: text("ebill_email"),
    sms_number: text("sms_number"),
    ebill_enable_edit: integer("ebill_enable_edit").notNull().default(1),
    agreed_power: text("agreed_power"),
    representation_date: text("representation_date"),
    next_reading_date: text("next_reading_date"),
    has_night: integer("has_night").notNull().default(0),
    has_pv: integer("has_pv").notNull().default(0),
    /** An interval (smart) meter: a dynamic product needs one (0035). */
    smart_meter: integer("smart_meter").notNull().default(0),
    indication_open_from: text("indication_open_from"),
    indication_open_to: text("indication_open_to"),
    created_at: text("created_at").notNull().default(nowStamp),
  },
  (t) => [index("meters_customer").on(t.customer_id)],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey(),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
    type: text("type", { enum: INVOICE_TYPES }).notNull(),
    invoice_no: text("invoice_no").notNull(),
    issue_date: text("issue_date").notNull(),
    date_due: text("date_due"),
    period_from: text("period_from"),
    period_to: text("period_to"),
    consumption_from: text("consumption_from"),
    consumption_to: text("consumption_to"),
    payment_date: text("payment_date"),
    ypoloipo_cents: integer("ypoloipo_cents").notNull().default(0),
    total_value_cents: integer("total_value_cents").notNull().default(0),
    remaining_cents: integer("remaining_cents").notNull().default(0),
    energy_cents: integer("energy_cents").notNull().default(0),
    regulated_cents: integer("regulated_cents").notNull().default(0),
    municipality_cents: integer("municipality_cents").notNull().default(0),
    taxes_cents: integer("taxes_cents").notNull().default(0),
    collateral_cents: integer("collateral_cents").notNull().default(0),
    advance_cents: integer("advance_cents").notNull().default(0),
    day_kwh: integer("day_kwh").notNull().default(0),
    night_kwh: integer("night_kwh").notNull().default(0),
    pv_kwh: integer("pv_kwh").notNull().default(0),
    business_partner: text("business_partner").notNull(),
    contract_account: text("contract_account").notNull(),
    /** myDATA MARK (migrations/0015_invoice_marks.sql); NULL for payments and older rows. */
    mark: text("mark"),
    // 0016_figure_sources.sql: 1 when the bill's consumption is estimated, 0 actual, null unknown.
    consumption_estimated: integer("consumption_estimated"),
    /** 0019_rf_codes.sql: the billing system's RF payment code; null: built (core/rf.ts). */
    rf_code: text("rf_code"),
    /**
     * 0028_tariff_colours.sql: the colour of the supply's product when the bill was first written
     * (core/tariff-colours.ts); null: none (gas, payments, bills from before 0028).
     */
    tariff_colour: text("tariff_colour", { enum: TARIFF_COLOURS }),
  },
  (t) => [
    index("invoices_meter_date").on(t.meter_id, t.issue_date),
    uniqueIndex("invoices_mark").on(t.mark),
  ],
);

export const readings = sqliteTable(
  "readings",
  {
    id: integer("id").primaryKey(),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
    date_ins: text("date_ins").notNull(),
    cp_code: text("cp_code").notNull(),
    origin: integer("origin").notNull(),
    value: integer("value").notNull(),
    registered_by: text("registered_by", { enum: ["operator", "client"] }).notNull(),
    created_at: text("created_at").notNull().default(nowStamp),
    // 0011_reading_corrections.sql: set on a reading the customer corrected (it stays, marked).
    corrected_at: text("corrected_at"),
    // …and on the new reading, the row it replaces (unique: a reading is replaced at most once).
    replaces_id: integer("replaces_id").references((): AnySQLiteColumn => readings.id),
    // 0016_figure_sources.sql: 1 for an estimated reading (whoever registered it).
    estimated: integer("estimated").notNull().default(0),
  },
  (t) => [
    index("readings_meter_date").on(t.meter_id, t.date_ins),
    uniqueIndex("readings_replaces")
      .on(t.replaces_id)
      .where(sql`replaces_id IS NOT NULL`),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    meter_id: integer("meter_id").references(() => meters.id),
    /** The Greek text; `title_en`/`content_en` the English one, NULL where none (0021). */
    title: text("title").notNull(),
    content: text("content").notNull(),
    title_en: text("title_en"),
    content_en: text("content_en"),
    type: text("type", { enum: ["info", "confirm", "alert"] }).notNull(),
    category: text("category").notNull(),
    /**
     * Not a read mark any more (migrations/0013_message_reads.sql): 1 on insert makes the message
     * read by the account's master. Who has read a message is `messageReads`.
     */
    read_status: integer("read_status").notNull().default(0),
    c_stamp: text("c_stamp").notNull(),
  },
  (t) => [index("messages_user").on(t.user_id, t.c_stamp)],
);

/** A person has read a message (0013): a message is unread for every person without a row. */
export const messageReads = sqliteTable(
  "message_reads",
  {
    message_id: integer("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    read_at: text("read_at").notNull().default(nowStamp),
  },
  (t) => [primaryKey({ columns: [t.message_id, t.user_id] })],
);

export const banners = sqliteTable("banners", {
  id: integer("id").primaryKey(),
  meter_id: integer("meter_id").references(() => meters.id),
  division: integer("division"),
  title_el: text("title_el").notNull(),
  title_en: text("title_en").notNull(),
  body_el: text("body_el").notNull(),
  body_en: text("body_en").notNull(),
  url: text("url"),
  kind: text("kind").notNull().default("info"),
  active_from: text("active_from"),
  active_to: text("active_to"),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
    revoked_at: text("revoked_at"),
    revoked_reason: text("revoked_reason"),
  },
  (t) => [index("sessions_user").on(t.user_id)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    token_hash: text("token_hash").primaryKey(),
    session_id: text("session_id")
      .notNull()
      .references(() => sessions.id),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
  },
  (t) => [index("refresh_tokens_session").on(t.session_id)],
);

export const actionTokenPurposes = ["activate", "reset", "redirect-login"] as const;
export type ActionTokenPurpose = (typeof actionTokenPurposes)[number];

export const actionTokens = sqliteTable(
  "action_tokens",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: actionTokenPurposes }).notNull(),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
  },
  (t) => [index("action_tokens_user").on(t.user_id, t.purpose)],
);

/** Every throttle's counters (migrations/0010_throttle_counters.sql, api/services/throttle.ts). */
export const throttleCounters = sqliteTable(
  "throttle_counters",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    window_start: text("window_start").notNull(),
    /** The end of the window: the scheduled cleanup deletes rows whose window has passed. */
    expires_at: text("expires_at").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key, t.window_start] }),
    index("throttle_counters_expires").on(t.expires_at),
  ],
);

export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    user_id: integer("user_id"),
    created_at: text("created_at").notNull().default(nowStamp),
    /** Issue #34 (migrations/0018): which message, its language and its delivery. */
    template: text("template").notNull().default(""),
    lang: text("lang", { enum: ["el", "en"] })
      .notNull()
      .default("el"),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "ambiguous"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** 1: the body holds a code or a link (emptied once its delivery is over). */
    secret: integer("secret").notNull().default(0),
    error: text("error"),
    provider_id: text("provider_id"),
    updated_at: text("updated_at"),
    sent_at: text("sent_at"),
    /** 0024: a notice of the quiet hours waits until then (ISO instant); NULL: at once. */
    not_before: text("not_before"),
  },
  (t) => [index("outbox_status_updated").on(t.status, t.updated_at)],
);

export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey(),
    txn_no: text("txn_no").notNull().unique(),
    user_id: integer("user_id").references(() => users.id),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
    amount_cents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["started", "success", "failed", "cancelled"] }).notNull(),
    payment_group: text("payment_group"),
    created_at: text("created_at").notNull(),
    completed_at: text("completed_at"),
    // 0005_payments.sql: the order that recorded it; unique per (order, supply).
    order_id: text("order_id").references((): AnySQLiteColumn => paymentOrders.id),
  },
  (t) => [
    uniqueIndex("transactions_order_meter").on(t.order_id, t.meter_id),
    index("transactions_meter").on(t.meter_id, t.created_at),
  ],
);

export const requests = sqliteTable(
  "requests",
  {
    id: integer("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    user_id: integer("user_id").references(() => users.id),
    meter_id: integer("meter_id").references(() => meters.id),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("received"),
    payload: text("payload").notNull(),
    file_key: text("file_key"),
    created_at: text("created_at").notNull().default(nowStamp),
  },
  // 0004_requests.sql
  (t) => [
    uniqueIndex("requests_file_key")
      .on(t.file_key)
      .where(sql`file_key IS NOT NULL`),
    uniqueIndex("requests_open_per_supply")
      .on(t.meter_id, t.kind)
      .where(sql`kind IN ('name_change','cancellation') AND status IN ('submitted','in_review')`),
    // 0030_tariff_switch.sql
    uniqueIndex("requests_open_switch_per_supply")
      .on(t.meter_id, t.kind)
      .where(sql`kind = 'tariff_switch' AND status IN ('submitted','in_review')`),
    index("requests_user").on(t.user_id, t.created_at),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey(),
    user_id: integer("user_id"),
    action: text("action").notNull(),
    detail: text("detail"),
    ip: text("ip"),
    created_at: text("created_at").notNull().default(nowStamp),
    customer_id: integer("customer_id"),
    meter_id: integer("meter_id"),
    subject_user_id: integer("subject_user_id"),
  },
  (t) => [
    index("audit_log_customer").on(t.customer_id, t.created_at),
    index("audit_log_meter").on(t.meter_id, t.created_at),
    index("audit_log_user").on(t.user_id, t.created_at),
    index("audit_log_created").on(t.created_at),
  ],
);

/** Direct debit (migrations/0002_direct_debit.sql): the public set-up flow, one row per flow. */
export const directDebitFlowStatuses = ["code", "card", "confirm", "done", "locked"] as const;

export const directDebitFlows = sqliteTable(
  "direct_debit_flows",
  {
    id: text("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    afm: text("afm").notNull(),
    mobile: text("mobile").notNull(),
    status: text("status", { enum: directDebitFlowStatuses }).notNull().default("code"),
    code_hash: text("code_hash"),
    code_expires_at: text("code_expires_at"),
    code_sent_at: text("code_sent_at"),
    guesses: integer("guesses").notNull().default(0),
    verified_at: text("verified_at"),
    meter_id: integer("meter_id").references(() => meters.id),
    holder: text("holder"),
    card_exp_month: integer("card_exp_month"),
    card_exp_year: integer("card_exp_year"),
    card_token: text("card_token"),
    card_last4: text("card_last4"),
    card_brand: text("card_brand"),
    created_at: text("created_at").notNull(),
    expires_at: text("expires_at").notNull(),
    completed_at: text("completed_at"),
  },
  (t) => [index("direct_debit_flows_afm").on(t.afm, t.created_at)],
);

/** Every code sent (first and resends): the resend throttles count these. */
export const directDebitCodeSends = sqliteTable(
  "direct_debit_code_sends",
  {
    id: integer("id").primaryKey(),
    flow_id: text("flow_id")
      .notNull()
      .references(() => directDebitFlows.id),
    kind: text("kind", { enum: ["first", "resend"] }).notNull(),
    sent_at: text("sent_at").notNull(),
  },
  (t) => [index("direct_debit_code_sends_flow").on(t.flow_id, t.sent_at)],
);

/** Active mandates: at most one card per supply. */
export const directDebits = sqliteTable(
  "direct_debits",
  {
    meter_id: integer("meter_id")
      .primaryKey()
      .references(() => meters.id),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    card_token: text("card_token").notNull(),
    card_last4: text("card_last4").notNull(),
    card_brand: text("card_brand").notNull(),
    card_exp_month: integer("card_exp_month").notNull(),
    card_exp_year: integer("card_exp_year").notNull(),
    holder: text("holder").notNull(),
    charge_day: integer("charge_day").notNull(),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
  },
  (t) => [index("direct_debits_customer").on(t.customer_id)],
);

/**
 * Direct debit with Viva (migrations/0020_viva_cards.sql): a verification order with
 * allowRecurring per attempt; its read-back transaction becomes the supply's mandate.
 */
export const directDebitOrders = sqliteTable(
  "direct_debit_orders",
  {
    id: text("id").primaryKey(),
    flow_id: text("flow_id")
      .notNull()
      .references(() => directDebitFlows.id),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
    amount_cents: integer("amount_cents").notNull(),
    provider_order: text("provider_order").unique(),
    status: text("status", { enum: ["started", "success", "failed", "cancelled"] })
      .notNull()
      .default("started"),
    failure: text("failure"),
    acquirer_txn: text("acquirer_txn"),
    created_at: text("created_at").notNull(),
    completed_at: text("completed_at"),
  },
  (t) => [
    index("direct_debit_orders_flow").on(t.flow_id, t.created_at),
    index("direct_debit_orders_started")
      .on(t.created_at)
      .where(sql`status = 'started' AND provider_order IS NOT NULL`),
  ],
);

/** Card payments (migrations/0005_payments.sql): one order per payment attempt. */
export const paymentOrderChannels = ["portal", "pay", "instant-bill"] as const;

export const paymentOrders = sqliteTable(
  "payment_orders",
  {
    id: text("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    user_id: integer("user_id").references(() => users.id),
    channel: text("channel", { enum: paymentOrderChannels }).notNull(),
    return_to: text("return_to").notNull(),
    amount_cents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["started", "success", "failed", "cancelled"] })
      .notNull()
      .default("started"),
    failure: text("failure"),
    acquirer_txn: text("acquirer_txn"),
    /** Viva's order code (0017_viva_orders.sql); null for the test acquirer's orders. */
    provider_order: text("provider_order"),
    /** The card's last four digits from Viva's read-back (0020_viva_cards.sql). */
    card_last4: text("card_last4"),
    /** The payment-plan instalment the order pays, if any (0032_payment_plans.sql). */
    instalment_id: integer("instalment_id"),
    claim: text("claim"),
    lang: text("lang", { enum: ["el", "en"] })
      .notNull()
      .default("el"),
    created_at: text("created_at").notNull(),
    completed_at: text("completed_at"),
  },
  (t) => [
    index("payment_orders_user").on(t.user_id, t.created_at),
    uniqueIndex("payment_orders_provider_order")
      .on(t.provider_order)
      .where(sql`provider_order IS NOT NULL`),
    index("payment_orders_started")
      .on(t.created_at)
      .where(sql`status = 'started' AND provider_order IS NOT NULL`),
  ],
);

export const paymentOrderItems = sqliteTable(
  "payment_order_items",
  {
    order_id: text("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
    amount_cents: integer("amount_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.order_id, t.meter_id] })],
);

/** The built-in test acquirer's charges (api/gateway): at most one per merchant order. */
export const gatewayPaymentStatuses = [
  "challenge",
  "approved",
  "declined",
  "expired",
  "timeout",
  "cancelled",
] as const;

export const gatewayPayments = sqliteTable("gateway_payments", {
  id: text("id").primaryKey(),
  merchant_order: text("merchant_order").notNull().unique(),
  amount_cents: integer("amount_cents").notNull(),
  status: text("status", { enum: gatewayPaymentStatuses }).notNull(),
  card_last4: text("card_last4"),
  created_at: text("created_at").notNull(),
  completed_at: text("completed_at"),
  // 0009_payment_void.sql: when the authorisation was released (never captured).
  voided_at: text("voided_at"),
});

/**
 * A counter per customer (0: supplier-wide content) that the triggers of
 * migrations/0008_data_versions.sql raise on every write a signed-in page shows.
 */
export const dataVersions = sqliteTable("data_versions", {
  customer_id: integer("customer_id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * Personal access tokens (#19, migrations/0014_access_tokens.sql): the id is the SHA-256 (hex)
 * of the secret, which is never stored. `scopes`: comma-separated core/access-tokens.ts scopes.
 */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    scopes: text("scopes").notNull(),
    all_supplies: integer("all_supplies").notNull().default(1),
    created_at: text("created_at").notNull().default(nowStamp),
    expires_at: text("expires_at").notNull(),
    revoked_at: text("revoked_at"),
    first_used_at: text("first_used_at"),
    last_used_at: text("last_used_at"),
    last_used_ip: text("last_used_ip"),
  },
  (t) => [index("access_tokens_user").on(t.user_id)],
);

/** The chosen supplies of a token without all_supplies. */
export const accessTokenMeters = sqliteTable(
  "access_token_meters",
  {
    token_id: text("token_id")
      .notNull()
      .references(() => accessTokens.id),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
  },
  (t) => [primaryKey({ columns: [t.token_id, t.meter_id] })],
);

/**
 * Alerts a person sets on one of their supplies (#37 §2, migrations/0029_alerts.sql; the rules in
 * core/alerts.ts): one per person and supply.
 */
export const alerts = sqliteTable(
  "alerts",
  {
    id: integer("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    meter_id: integer("meter_id")
      .notNull()
      .references(() => meters.id),
    enabled: integer("enabled").notNull().default(1),
    /** "When the forecast or a new bill exceeds X €"; NULL: not set. */
    amount_cents: integer("amount_cents"),
    /** "When it exceeds the same period last year by X %" (1–500); NULL: not set. */
    percent: integer("percent"),
    email: integer("email").notNull().default(1),
    sms: integer("sms").notNull().default(0),
    created_at: text("created_at").notNull(),
    updated_at: text("updated_at").notNull(),
    /** The hourly job's last forecast check (it raises no data version). */
    checked_at: text("checked_at"),
  },
  (t) => [
    uniqueIndex("alerts_user_meter").on(t.user_id, t.meter_id),
    index("alerts_meter").on(t.meter_id),
    index("alerts_checked").on(t.enabled, t.checked_at),
  ],
);

/** The bill periods an alert tripped for: one notice each (0029). */
export const alertTrips = sqliteTable(
  "alert_trips",
  {
    id: integer("id").primaryKey(),
    alert_id: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    /** The bill period, "YYYY-MM-DD/YYYY-MM-DD". */
    period_key: text("period_key").notNull(),
    source: text("source", { enum: ["forecast", "bill"] }).notNull(),
    amount_cents: integer("amount_cents").notNull(),
    reference_cents: integer("reference_cents"),
    created_at: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("alert_trips_once").on(t.alert_id, t.period_key)],
);

/**
 * A supply's social residential tariff (ΚΟΤ, #38 §2; migrations/0031_hardship_status.sql), as the
 * billing system decided it: one row per supply while it has one.
 */
export const socialTariffs = sqliteTable("social_tariffs", {
  meter_id: integer("meter_id")
    .primaryKey()
    .references(() => meters.id, { onDelete: "cascade" }),
  category: text("category", { enum: ["A", "B"] }).notNull(),
  /** Sets the four-month cap (core/hardship.ts socialTariffCapKwh). */
  household_size: integer("household_size").notNull().default(1),
  /** YYYY-MM-DD, inclusive both ends. */
  valid_from: text("valid_from").notNull(),
  valid_to: text("valid_to").notNull(),
  updated_at: text("updated_at").notNull(),
});

/**
 * The supply is on the vulnerable-customers register (#38 §3; 0031), as the billing system decided
 * it; valid_to NULL is open-ended, a past valid_to is history.
 */
export const vulnerableRegistrations = sqliteTable("vulnerable_registrations", {
  meter_id: integer("meter_id")
    .primaryKey()
    .references(() => meters.id, { onDelete: "cascade" }),
  category: text("category", {
    enum: ["life_support", "over_70_alone", "social_tariff"],
  }).notNull(),
  registered_at: text("registered_at").notNull(),
  valid_to: text("valid_to"),
  updated_at: text("updated_at").notNull(),
});

/**
 * The one person of an account who receives copies of its overdue, disconnection-warning and
 * planned-interruption notices (#38 §4; migrations/0034_trusted_people.sql). One row per customer.
 */
export const trustedCopies = sqliteTable(
  "trusted_copies",
  {
    customer_id: integer("customer_id").primaryKey(),
    user_id: integer("user_id").notNull(),
    chosen_by: integer("chosen_by").notNull(),
    created_at: text("created_at").notNull().default(nowStamp),
  },
  (t) => [index("trusted_copies_user").on(t.user_id)],
);
