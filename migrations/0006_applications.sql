-- Transfer flow (/metavasi) and new-supply applications (self-service flows), api/applications.
-- A flow keeps what the customer typed in a server-side draft, keyed by a random id that the
-- portal holds in a short-lived cookie, so a reload or a slow connection never loses a step.

CREATE TABLE application_drafts (
  id TEXT PRIMARY KEY,                    -- random 128-bit id (base64url): whoever holds it may edit the draft
  kind TEXT NOT NULL CHECK (kind IN ('transfer','new_supply')),
  data TEXT NOT NULL DEFAULT '{}',        -- JSON: the values of the steps saved so far
  completed TEXT NOT NULL DEFAULT '',     -- comma-separated steps saved so far
  user_id INTEGER REFERENCES users(id),   -- set when a signed-in customer started it
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT NOT NULL                -- 2 days after the last change
);
CREATE INDEX application_drafts_expiry ON application_drafts(expires_at);

-- Submitted applications. A supply can have only one open transfer: the partial unique index makes
-- the "pending transfer" check hold even for two submissions at the same moment.
CREATE TABLE applications (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,         -- T-2026-000123 (transfer) / N-2026-000123 (new supply)
  kind TEXT NOT NULL CHECK (kind IN ('transfer','new_supply')),
  status TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received','in_progress','completed','rejected')),
  afm TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  supply_number TEXT,                     -- transfer: the supply moving to us
  payload TEXT NOT NULL,                  -- JSON: every field of the application
  user_id INTEGER REFERENCES users(id),
  lang TEXT NOT NULL DEFAULT 'el' CHECK (lang IN ('el','en')),
  ip TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX applications_open_transfer ON applications(supply_number)
  WHERE kind = 'transfer' AND status IN ('received','in_progress');

-- Stand-in for the network operator's register of supply holders (VAT → declared mobile), which
-- the transfer flow checks (spec §8 "VAT not found", "phone not found"). Demo rows: seed/applications.ts.
CREATE TABLE holder_registry (
  afm TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  name TEXT NOT NULL
);

-- Per-IP counters per UTC hour (spec §8 "too many attempts").
CREATE TABLE application_throttle (
  scope TEXT NOT NULL,                    -- 'lookup' (failed holder look-ups) | 'submit'
  key TEXT NOT NULL,                      -- client IP
  period TEXT NOT NULL,                   -- YYYY-MM-DDTHH (UTC)
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, key, period)
);
