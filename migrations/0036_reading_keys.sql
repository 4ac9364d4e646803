-- #39: the idempotency keys of the reading form (core/idempotency.ts). The first successful
-- answer to a key is kept with it; the same key again returns that answer and records nothing
-- (a double post without JavaScript, a reading typed offline and replayed). A key is the
-- person's own: the primary key starts with user_id, so another person's key is unknown to them.
--
-- fingerprint: what the request asked for (route, supply, values): a key reused for another
-- request is refused. status, body: the first answer (HTTP status, JSON). Forgotten after
-- expires_at (the hourly clean-up). No page shows these rows: no data-version triggers.
CREATE TABLE reading_keys (
  user_id INTEGER NOT NULL REFERENCES users(id),
  idempotency_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (user_id, idempotency_key)
);
CREATE INDEX reading_keys_expiry ON reading_keys(expires_at);
