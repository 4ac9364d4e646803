-- #38 §1: payment plans (διακανονισμός) a customer sets up in the portal (the rules:
-- core/payment-plans.ts; the figures: core/hardship.ts PAYMENT_PLAN).
--
-- payment_plans: one row per plan. status: 'open' when set up (its first instalment not paid
-- yet), 'kept' once the first is paid, 'completed' when all are, 'ended' when an instalment was
-- missed or the customer withdrew an unpaid plan (end_reason 'missed' | 'withdrawn').
-- total_cents: the overdue balance it covers, as it was at set-up; count: its instalments;
-- interest_bp: the yearly rate it was set up with (0 for a registered customer); user_id: who set
-- it up (a master or admin of the account).
CREATE TABLE payment_plans (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  meter_id INTEGER NOT NULL REFERENCES meters(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'kept', 'ended', 'completed')),
  total_cents INTEGER NOT NULL CHECK (total_cents > 0),
  count INTEGER NOT NULL CHECK (count BETWEEN 2 AND 24),
  interest_bp INTEGER NOT NULL DEFAULT 0 CHECK (interest_bp >= 0),
  created_at TEXT NOT NULL,
  ended_at TEXT,
  end_reason TEXT CHECK (end_reason IS NULL OR end_reason IN ('missed', 'withdrawn')),
  CHECK ((status = 'ended') = (end_reason IS NOT NULL))
);

-- One live plan per supply: two set-ups at the same moment insert one row, the other's INSERT
-- fails on this index (the API answers it 409 plan_open).
CREATE UNIQUE INDEX payment_plans_one_live ON payment_plans (meter_id)
  WHERE status IN ('open', 'kept');
-- The hourly job reads the kept and open plans only.
CREATE INDEX payment_plans_status ON payment_plans (status);

-- payment_plan_instalments: a plan's schedule. n 1..count; due_date YYYY-MM-DD; rf_code the
-- billing system's for a later instalment (fed through the back-office API), NULL for the first
-- (paid in the portal by card) and until the billing system issues it; paid_at when it was paid
-- (the portal's card payment, or the billing system's feed).
CREATE TABLE payment_plan_instalments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  plan_id INTEGER NOT NULL REFERENCES payment_plans(id) ON DELETE CASCADE,
  n INTEGER NOT NULL CHECK (n >= 1),
  due_date TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  rf_code TEXT
    CHECK (rf_code IS NULL OR (length(rf_code) BETWEEN 5 AND 25 AND rf_code GLOB 'RF[0-9][0-9]*'
           AND substr(rf_code, 5) NOT GLOB '*[^0-9A-Z]*')),
  paid_at TEXT,
  UNIQUE (plan_id, n)
);
CREATE UNIQUE INDEX payment_plan_instalments_rf ON payment_plan_instalments (rf_code)
  WHERE rf_code IS NOT NULL;

-- A card order that pays an instalment names it: the payment's recording marks it paid in the
-- same batch (api/payments/service.ts recordSuccess), so a paid order and a paid instalment
-- never disagree.
ALTER TABLE payment_orders ADD COLUMN instalment_id INTEGER REFERENCES payment_plan_instalments(id);

-- Pages show both (the plan page, the overview, the bills' status): 0008's shape, through meters.
CREATE TRIGGER payment_plans_insert_version AFTER INSERT ON payment_plans
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER payment_plans_update_version AFTER UPDATE ON payment_plans
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER payment_plans_delete_version AFTER DELETE ON payment_plans
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER payment_plan_instalments_insert_version AFTER INSERT ON payment_plan_instalments
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT m.customer_id, 1 FROM payment_plans p JOIN meters m ON m.id = p.meter_id WHERE p.id = NEW.plan_id
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER payment_plan_instalments_update_version AFTER UPDATE ON payment_plan_instalments
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT m.customer_id, 1 FROM payment_plans p JOIN meters m ON m.id = p.meter_id WHERE p.id = NEW.plan_id
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER payment_plan_instalments_delete_version AFTER DELETE ON payment_plan_instalments
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT m.customer_id, 1 FROM payment_plans p JOIN meters m ON m.id = p.meter_id WHERE p.id = OLD.plan_id
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

-- The changes export (0025): the billing system learns of a plan when it is set up and of each
-- change of its status (kept, completed, ended), kind 'payment_plan', row_id the plan's id. Its
-- first instalment's card payment is journaled as every card payment ('card_payment').
CREATE TRIGGER payment_plans_insert_journal AFTER INSERT ON payment_plans
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('payment_plan', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;
CREATE TRIGGER payment_plans_status_journal AFTER UPDATE OF status ON payment_plans
  WHEN OLD.status IS NOT NEW.status
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('payment_plan', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;
