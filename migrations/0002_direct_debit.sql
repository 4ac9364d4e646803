-- Direct debit (a self-service flow): the public set-up flow (VAT → one-time SMS code → card →
-- activation) and the mandates it creates, one per supply. The flow's state lives here, not in the
-- browser, so a reload or a slow connection never loses a step. No card number is ever stored: only
-- the test acquirer's token, the last 4 digits, the brand and the expiry.

CREATE TABLE direct_debit_flows (
  id TEXT PRIMARY KEY,                    -- SHA-256 of the flow token the portal keeps in a cookie
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  afm TEXT NOT NULL,
  mobile TEXT NOT NULL,                   -- where the codes went
  status TEXT NOT NULL DEFAULT 'code' CHECK (status IN ('code','card','confirm','done','locked')),
  code_hash TEXT,                         -- HMAC-SHA256 of the current code; NULL once used
  code_expires_at TEXT,
  code_sent_at TEXT,
  guesses INTEGER NOT NULL DEFAULT 0,     -- wrong guesses; MAX_GUESSES locks the flow
  verified_at TEXT,
  -- What the card step was given (kept for a reload; never the card number or CVV).
  meter_id INTEGER REFERENCES meters(id),
  holder TEXT,
  card_exp_month INTEGER,
  card_exp_year INTEGER,
  card_token TEXT,                        -- set once the issuer accepted the card
  card_last4 TEXT,
  card_brand TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX direct_debit_flows_afm ON direct_debit_flows(afm, created_at);

-- Every code sent (first and resends): the resend throttles count these.
CREATE TABLE direct_debit_code_sends (
  id INTEGER PRIMARY KEY,
  flow_id TEXT NOT NULL REFERENCES direct_debit_flows(id),
  kind TEXT NOT NULL CHECK (kind IN ('first','resend')),
  sent_at TEXT NOT NULL
);
CREATE INDEX direct_debit_code_sends_flow ON direct_debit_code_sends(flow_id, sent_at);

-- Active mandates: at most one card per supply. Cancelling deletes the row.
CREATE TABLE direct_debits (
  meter_id INTEGER PRIMARY KEY REFERENCES meters(id),
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  card_token TEXT NOT NULL,
  card_last4 TEXT NOT NULL CHECK (length(card_last4) = 4),
  card_brand TEXT NOT NULL,
  card_exp_month INTEGER NOT NULL CHECK (card_exp_month BETWEEN 1 AND 12),
  card_exp_year INTEGER NOT NULL,
  holder TEXT NOT NULL,
  charge_day INTEGER NOT NULL CHECK (charge_day BETWEEN 1 AND 28),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX direct_debits_customer ON direct_debits(customer_id);
