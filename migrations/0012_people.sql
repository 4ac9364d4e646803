-- #18: business accounts run by several people.
--
-- 1. users: one customer now has several people (rows), so UNIQUE(customer_id) goes. SQLite cannot
--    drop a column constraint: the table is rebuilt. The data-version triggers of 0008 that read
--    `users` are dropped first (a rename checks every trigger's body) and recreated verbatim after.
--    `test_role` becomes the person's real role: NOT NULL, one of master | admin | user. Every row
--    that exists today is an account holder, so every one becomes its customer's master.
--    New columns: all_supplies (1: every supply of the customer, today's and future ones; 0: only
--    those listed in user_meters), invited_by (who invited the person), removed_at (set when a
--    master or admin removes the person: they cannot sign in and are left out of every list, while
--    the activity log keeps their name), last_login_at (the people page's "last sign-in").
-- 2. user_meters: the supplies of a person without all_supplies.
-- 3. invitations: the emailed single-use link; only the SHA-256 of its token is stored.
-- 4. audit_log becomes the activity log: the customer, the supply and the person acted on, an
--    index per filter, and no changes: entries cannot be updated, and deleted only when older than
--    two years (the scheduled cleanup, api/services/cleanup.ts).
PRAGMA defer_foreign_keys = ON;

-- The triggers of 0008 that read users (recreated below, unchanged).
DROP TRIGGER users_insert_version;
DROP TRIGGER users_update_version;
DROP TRIGGER users_delete_version;
DROP TRIGGER messages_insert_version;
DROP TRIGGER messages_update_version;
DROP TRIGGER messages_delete_version;
DROP TRIGGER transactions_insert_version;
DROP TRIGGER transactions_update_version;
DROP TRIGGER transactions_delete_version;
DROP TRIGGER requests_insert_version;
DROP TRIGGER requests_update_version;
DROP TRIGGER requests_delete_version;
DROP TRIGGER request_files_insert_version;
DROP TRIGGER request_files_update_version;
DROP TRIGGER request_files_delete_version;
DROP TRIGGER payment_orders_insert_version;
DROP TRIGGER payment_orders_update_version;
DROP TRIGGER payment_orders_delete_version;
DROP TRIGGER application_drafts_insert_version;
DROP TRIGGER application_drafts_update_version;
DROP TRIGGER application_drafts_delete_version;
DROP TRIGGER applications_insert_version;
DROP TRIGGER applications_update_version;
DROP TRIGGER applications_delete_version;
DROP TRIGGER questionnaire_answers_insert_version;
DROP TRIGGER questionnaire_answers_update_version;
DROP TRIGGER questionnaire_answers_delete_version;

CREATE TABLE users_new (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  username TEXT NOT NULL UNIQUE,          -- the holder: the VAT number (afm); other people: their email, in lower case
  name TEXT NOT NULL,
  welcome_name TEXT NOT NULL,
  lang TEXT NOT NULL DEFAULT 'el' CHECK (lang IN ('el','en')),
  nrg_skin INTEGER NOT NULL DEFAULT 1 CHECK (nrg_skin IN (1,2,3)),
  registration_email TEXT NOT NULL UNIQUE,
  registration_phone TEXT UNIQUE,
  indication_email INTEGER NOT NULL DEFAULT 0,
  indication_sms INTEGER NOT NULL DEFAULT 0,
  needs_activation INTEGER NOT NULL DEFAULT 1,
  first_login_settings_open INTEGER NOT NULL DEFAULT 0,
  account_status INTEGER NOT NULL DEFAULT 1, -- 1 or 3 active, 2 intermediate, otherwise inactive
  deactivated_at TEXT,                    -- set when the account is deactivated/locked
  password_hash TEXT NOT NULL,            -- pbkdf2-sha256$iterations$salt_b64$hash_b64; '!' until an invitation is accepted
  password_changed_at TEXT,
  avatar_key TEXT,                        -- R2 key
  avatar_name TEXT,
  avatar_type TEXT,
  popup_title TEXT,
  popup_body TEXT,
  popup_button_title TEXT,
  popup_url TEXT,
  popup_dismissed_at TEXT,
  test_role TEXT NOT NULL DEFAULT 'user' CHECK (test_role IN ('master','admin','user')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  all_supplies INTEGER NOT NULL DEFAULT 1 CHECK (all_supplies IN (0,1)),
  invited_by INTEGER REFERENCES users_new(id),
  removed_at TEXT,
  last_login_at TEXT
);

INSERT INTO users_new (id, customer_id, username, name, welcome_name, lang, nrg_skin,
  registration_email, registration_phone, indication_email, indication_sms, needs_activation,
  first_login_settings_open, account_status, deactivated_at, password_hash, password_changed_at,
  avatar_key, avatar_name, avatar_type, popup_title, popup_body, popup_button_title, popup_url,
  popup_dismissed_at, test_role, created_at)
SELECT id, customer_id, username, name, welcome_name, lang, nrg_skin,
  registration_email, registration_phone, indication_email, indication_sms, needs_activation,
  first_login_settings_open, account_status, deactivated_at, password_hash, password_changed_at,
  avatar_key, avatar_name, avatar_type, popup_title, popup_body, popup_button_title, popup_url,
  popup_dismissed_at, 'master', created_at
FROM users;

DROP TABLE users;
ALTER TABLE users_new RENAME TO users;

-- One master per customer among the people not removed; the holder is found by customer.
CREATE UNIQUE INDEX users_one_master ON users(customer_id) WHERE test_role = 'master' AND removed_at IS NULL;
CREATE INDEX users_customer ON users(customer_id);

-- 0008's triggers, as they were.
CREATE TRIGGER users_insert_version AFTER INSERT ON users
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER users_update_version AFTER UPDATE ON users
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER users_delete_version AFTER DELETE ON users
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER messages_insert_version AFTER INSERT ON messages
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER messages_update_version AFTER UPDATE ON messages
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER messages_delete_version AFTER DELETE ON messages
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER transactions_insert_version AFTER INSERT ON transactions
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER transactions_update_version AFTER UPDATE ON transactions
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE (COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id))) IS NOT (COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id))) AND id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER transactions_delete_version AFTER DELETE ON transactions
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER requests_insert_version AFTER INSERT ON requests
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER requests_update_version AFTER UPDATE ON requests
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER requests_delete_version AFTER DELETE ON requests
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER request_files_insert_version AFTER INSERT ON request_files
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER request_files_update_version AFTER UPDATE ON request_files
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER request_files_delete_version AFTER DELETE ON request_files
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_orders_insert_version AFTER INSERT ON payment_orders
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_orders_update_version AFTER UPDATE ON payment_orders
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_orders_delete_version AFTER DELETE ON payment_orders
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER application_drafts_insert_version AFTER INSERT ON application_drafts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER application_drafts_update_version AFTER UPDATE ON application_drafts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER application_drafts_delete_version AFTER DELETE ON application_drafts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER applications_insert_version AFTER INSERT ON applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER applications_update_version AFTER UPDATE ON applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER applications_delete_version AFTER DELETE ON applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER questionnaire_answers_insert_version AFTER INSERT ON questionnaire_answers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER questionnaire_answers_update_version AFTER UPDATE ON questionnaire_answers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER questionnaire_answers_delete_version AFTER DELETE ON questionnaire_answers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TABLE user_meters (
  user_id INTEGER NOT NULL REFERENCES users(id),
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  PRIMARY KEY (user_id, meter_id)
) WITHOUT ROWID;
CREATE INDEX user_meters_meter ON user_meters(meter_id);

CREATE TRIGGER user_meters_insert_version AFTER INSERT ON user_meters
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER user_meters_update_version AFTER UPDATE ON user_meters
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER user_meters_delete_version AFTER DELETE ON user_meters
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TABLE invitations (
  id TEXT PRIMARY KEY,                    -- base64url(SHA-256(token)); the token is only in the email
  user_id INTEGER NOT NULL REFERENCES users(id),   -- the invited person's row (password '!')
  invited_by INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,               -- created_at + 7 days
  used_at TEXT,
  revoked_at TEXT                         -- withdrawn, re-sent or the person removed
);
CREATE INDEX invitations_user ON invitations(user_id);

CREATE TRIGGER invitations_insert_version AFTER INSERT ON invitations
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER invitations_update_version AFTER UPDATE ON invitations
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER invitations_delete_version AFTER DELETE ON invitations
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

ALTER TABLE audit_log ADD COLUMN customer_id INTEGER;      -- whose account the entry belongs to
ALTER TABLE audit_log ADD COLUMN meter_id INTEGER;         -- the supply acted on, if any
ALTER TABLE audit_log ADD COLUMN subject_user_id INTEGER;  -- the person acted on (people changes)
UPDATE audit_log SET customer_id = (SELECT customer_id FROM users WHERE users.id = audit_log.user_id)
  WHERE user_id IS NOT NULL;
CREATE INDEX audit_log_customer ON audit_log(customer_id, created_at);
CREATE INDEX audit_log_meter ON audit_log(meter_id, created_at);
CREATE INDEX audit_log_user ON audit_log(user_id, created_at);
CREATE INDEX audit_log_created ON audit_log(created_at);

-- The activity log cannot be changed, and only entries older than two years can be deleted.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_keep_two_years BEFORE DELETE ON audit_log
  WHEN OLD.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 years')
BEGIN
  SELECT RAISE(ABORT, 'audit_log entries are kept two years');
END;
