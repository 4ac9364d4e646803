-- #37 §2: alerts a person sets on one of their supplies, and the bill periods each one tripped.
--
-- alerts: one per person and supply (UNIQUE). amount_cents: "when the forecast or a new bill
-- exceeds X €" (NULL: not set); percent: "when it exceeds the same period last year by X %"
-- (NULL: not set). email / sms: where the notice goes (the person's own address and mobile).
-- checked_at: when the hourly job last checked it against the forecast (NULL: never; the oldest
-- first, core/alerts.ts), the one column that is not the person's and changes no page.
CREATE TABLE alerts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  amount_cents INTEGER CHECK (amount_cents IS NULL OR amount_cents > 0),
  percent INTEGER CHECK (percent IS NULL OR percent BETWEEN 1 AND 500),
  email INTEGER NOT NULL DEFAULT 1 CHECK (email IN (0, 1)),
  sms INTEGER NOT NULL DEFAULT 0 CHECK (sms IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  checked_at TEXT
);
-- UNIQUE (user_id, meter_id) as a named index: one alert per person and supply.
CREATE UNIQUE INDEX alerts_user_meter ON alerts(user_id, meter_id);
CREATE INDEX alerts_meter ON alerts(meter_id);
CREATE INDEX alerts_checked ON alerts(enabled, checked_at);

-- alert_trips: the row decides "once": one notice per alert and bill period
-- ("YYYY-MM-DD/YYYY-MM-DD"), whichever source (the forecast, a new bill) trips it first. The
-- figures are the notice's: the amount, and last year's when the percentage rule tripped.
CREATE TABLE alert_trips (
  id INTEGER PRIMARY KEY,
  alert_id INTEGER NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  period_key TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('forecast', 'bill')),
  amount_cents INTEGER NOT NULL,
  reference_cents INTEGER,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX alert_trips_once ON alert_trips(alert_id, period_key);

-- The alerts page shows both: a write raises the person's customer's data version (0008's shape,
-- through users). The hourly job's checked_at alone changes nothing a page shows: it raises none,
-- or every alert checked would cost its customer the cached pages once an hour.
CREATE TRIGGER alerts_insert_version AFTER INSERT ON alerts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER alerts_update_version AFTER UPDATE ON alerts
  WHEN OLD.user_id IS NOT NEW.user_id OR OLD.meter_id IS NOT NEW.meter_id
    OR OLD.enabled IS NOT NEW.enabled OR OLD.amount_cents IS NOT NEW.amount_cents
    OR OLD.percent IS NOT NEW.percent OR OLD.email IS NOT NEW.email OR OLD.sms IS NOT NEW.sms
    OR OLD.created_at IS NOT NEW.created_at OR OLD.updated_at IS NOT NEW.updated_at
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER alerts_delete_version AFTER DELETE ON alerts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER alert_trips_insert_version AFTER INSERT ON alert_trips
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.alert_id), 1 WHERE (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.alert_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER alert_trips_update_version AFTER UPDATE ON alert_trips
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = OLD.alert_id), 1 WHERE (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = OLD.alert_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.alert_id), 1 WHERE NEW.alert_id IS NOT OLD.alert_id AND (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.alert_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

-- A trip deleted with its alert (ON DELETE CASCADE) finds no alert any more: the alert's own
-- delete trigger raised the version already.
CREATE TRIGGER alert_trips_delete_version AFTER DELETE ON alert_trips
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = OLD.alert_id), 1 WHERE (SELECT u.customer_id FROM alerts a JOIN users u ON u.id = a.user_id WHERE a.id = OLD.alert_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
