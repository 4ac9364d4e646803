-- Personal access tokens (#19, docs/decisions/0020-personal-access-tokens.md): read-only bearer
-- keys a person makes in settings. The secret (`nrg_` + 32 random bytes, base64url) is shown once;
-- only its SHA-256 (hex) is kept, as the row's id. A token belongs to one person of one account;
-- at every use it reaches (its supplies ∩ the person's current supplies), and nothing once the
-- person is removed. `scopes` is a comma-separated list of core/access-tokens.ts TOKEN_SCOPES.
CREATE TABLE access_tokens (
  id TEXT PRIMARY KEY,                       -- SHA-256 hex of the secret
  user_id INTEGER NOT NULL REFERENCES users(id),
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  name TEXT NOT NULL,
  scopes TEXT NOT NULL,                      -- e.g. 'bills,payments,readings,consumption'
  all_supplies INTEGER NOT NULL DEFAULT 1,   -- 1: every supply the person sees; 0: access_token_meters
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL,                  -- at most a year after created_at (the API checks)
  revoked_at TEXT,
  first_used_at TEXT,
  last_used_at TEXT,                         -- written at most once a minute per token
  last_used_ip TEXT
);
CREATE INDEX access_tokens_user ON access_tokens(user_id);

-- The chosen supplies of a token without all_supplies.
CREATE TABLE access_token_meters (
  token_id TEXT NOT NULL REFERENCES access_tokens(id),
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  PRIMARY KEY (token_id, meter_id)
) WITHOUT ROWID;

-- The settings page that lists the tokens is cached by the customer's data version
-- (migrations/0008_data_versions.sql): a new, revoked or used token raises it, in 0008's shape. A
-- use writes at most once a minute per token (first_used_at, last_used_*), so a client polling the
-- API costs its account's cached pages at most one version a minute.
CREATE TRIGGER access_tokens_insert_version AFTER INSERT ON access_tokens
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER access_tokens_update_version AFTER UPDATE ON access_tokens
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER access_tokens_delete_version AFTER DELETE ON access_tokens
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER access_token_meters_insert_version AFTER INSERT ON access_token_meters
BEGIN
  INSERT INTO data_versions (customer_id, version)
    SELECT customer_id, 1 FROM access_tokens WHERE id = NEW.token_id
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER access_token_meters_update_version AFTER UPDATE ON access_token_meters
BEGIN
  INSERT INTO data_versions (customer_id, version)
    SELECT customer_id, 1 FROM access_tokens WHERE id = NEW.token_id
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER access_token_meters_delete_version AFTER DELETE ON access_token_meters
BEGIN
  INSERT INTO data_versions (customer_id, version)
    SELECT customer_id, 1 FROM access_tokens WHERE id = OLD.token_id
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
