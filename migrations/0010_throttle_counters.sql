-- Throttle counters (reset emails, sign-in guesses, anonymous senders, password checks): one table
-- for every per-client, per-VAT, per-customer and per-user limit (api/services/throttle.ts lists
-- them). A check is one atomic upsert that counts and returns the new count (INSERT … ON CONFLICT
-- DO UPDATE SET count = count + 1 RETURNING count), so forty parallel requests get forty different
-- counts and only the first `max` of them pass: no read-then-write race.
--
-- Windows are fixed and aligned to UTC (an hour, a UTC day, 15 minutes). `expires_at` is the end of
-- the row's window: once it has passed the row counts for nothing and the scheduled cleanup deletes
-- it (`DELETE FROM throttle_counters WHERE expires_at <= now`).
CREATE TABLE throttle_counters (
  scope TEXT NOT NULL,                    -- which limit, e.g. 'login-vat', 'contact-ip'
  key TEXT NOT NULL,                      -- a VAT, a client address (CF-Connecting-IP) or a user id
  window_start TEXT NOT NULL,             -- ISO timestamp (UTC) of the window's start
  expires_at TEXT NOT NULL,               -- ISO timestamp (UTC) of the window's end
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, key, window_start)
);
CREATE INDEX throttle_counters_expires ON throttle_counters(expires_at);

-- The sign-in and allSmart counters move here; today's counts come along, so a deploy does not
-- lift a lock that is in force.
INSERT INTO throttle_counters (scope, key, window_start, expires_at, count)
  SELECT CASE scope WHEN 'vat' THEN 'login-vat' ELSE 'login-ip-day' END, key,
         day || 'T00:00:00.000Z', date(day, '+1 day') || 'T00:00:00.000Z', failures
  FROM login_attempts WHERE day = date('now');
INSERT INTO throttle_counters (scope, key, window_start, expires_at, count)
  SELECT 'all-smart-' || scope, key, hour || ':00:00.000Z',
         strftime('%Y-%m-%dT%H:00:00.000Z', hour || ':00:00', '+1 hour'), failures
  FROM flow_attempts WHERE hour = strftime('%Y-%m-%dT%H', 'now');
DROP TABLE login_attempts;
DROP TABLE flow_attempts;

-- Revoking every reset link of a user (a new request, a completed reset, a password change) is one
-- UPDATE by user and purpose.
CREATE INDEX action_tokens_user ON action_tokens(user_id, purpose);
