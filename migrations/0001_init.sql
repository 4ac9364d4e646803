-- Portal schema. Money is stored in integer cents; dates as ISO-8601 text (YYYY-MM-DD or full stamps, UTC).

-- Billing data: who is a customer of the supplier (with or without a portal account).
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  afm TEXT NOT NULL UNIQUE,               -- VAT number, 9 digits with a valid check digit
  name TEXT NOT NULL,
  is_legal_person INTEGER NOT NULL DEFAULT 0,
  employee_name TEXT,                     -- authorised employee of a legal person
  tax_office TEXT,
  phone TEXT,                             -- mobile declared in billing data (10 digits, 69…)
  email TEXT,
  sap_id TEXT NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL UNIQUE REFERENCES customers(id),
  username TEXT NOT NULL UNIQUE,          -- the VAT number (afm)
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
  password_hash TEXT NOT NULL,            -- pbkdf2-sha256$iterations$salt_b64$hash_b64
  password_changed_at TEXT,
  avatar_key TEXT,                        -- R2 key
  avatar_name TEXT,
  avatar_type TEXT,
  popup_title TEXT,
  popup_body TEXT,
  popup_button_title TEXT,
  popup_url TEXT,
  popup_dismissed_at TEXT,
  test_role TEXT,                         -- master | admin | user
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE meters (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  status TEXT NOT NULL,                   -- Active, Stopped, intermediate statuses, Inactive
  is_main INTEGER NOT NULL DEFAULT 0,
  meter_type TEXT NOT NULL,               -- home | shared | professional
  sap_id TEXT NOT NULL,
  division INTEGER NOT NULL,              -- 1 electricity, otherwise gas
  category TEXT NOT NULL DEFAULT '',
  voltage_type TEXT NOT NULL DEFAULT '01',
  phys_street TEXT NOT NULL, phys_street_no TEXT NOT NULL, phys_postal_code TEXT NOT NULL, phys_region TEXT NOT NULL,
  bill_street TEXT NOT NULL, bill_street_no TEXT NOT NULL, bill_postal_code TEXT NOT NULL, bill_region TEXT NOT NULL,
  per_code TEXT, id_code TEXT, next_code TEXT,  -- electricity supply number parts (per_code is the 9-digit prefix)
  pod TEXT,                               -- gas supply number, 14 digits
  package_print_descr TEXT NOT NULL,
  package_name TEXT NOT NULL,
  running_total_cents INTEGER NOT NULL DEFAULT 0,
  trn_value_cents INTEGER NOT NULL DEFAULT 0,
  last_payment_date TEXT,
  last_invoice_due_date TEXT,
  ebill INTEGER NOT NULL DEFAULT 0,
  sms_bill INTEGER NOT NULL DEFAULT 0,
  ebill_email TEXT,
  sms_number TEXT,
  ebill_enable_edit INTEGER NOT NULL DEFAULT 1,
  agreed_power TEXT,
  representation_date TEXT,
  next_reading_date TEXT,
  has_night INTEGER NOT NULL DEFAULT 0,
  has_pv INTEGER NOT NULL DEFAULT 0,
  indication_open_from TEXT,              -- reading period for customer readings
  indication_open_to TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX meters_customer ON meters(customer_id);

CREATE TABLE invoices (
  id INTEGER PRIMARY KEY,
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  type TEXT NOT NULL CHECK (type IN ('Clearance','Advance','Credit','Cancelled','payment','Manual')),
  invoice_no TEXT NOT NULL,
  issue_date TEXT NOT NULL,
  date_due TEXT,
  period_from TEXT, period_to TEXT,          -- billing period
  consumption_from TEXT, consumption_to TEXT,
  payment_date TEXT,
  ypoloipo_cents INTEGER NOT NULL DEFAULT 0,  -- previous balance
  total_value_cents INTEGER NOT NULL DEFAULT 0, -- current bill
  remaining_cents INTEGER NOT NULL DEFAULT 0,
  energy_cents INTEGER NOT NULL DEFAULT 0,
  regulated_cents INTEGER NOT NULL DEFAULT 0,
  municipality_cents INTEGER NOT NULL DEFAULT 0,
  taxes_cents INTEGER NOT NULL DEFAULT 0,
  collateral_cents INTEGER NOT NULL DEFAULT 0,
  advance_cents INTEGER NOT NULL DEFAULT 0,
  day_kwh INTEGER NOT NULL DEFAULT 0,
  night_kwh INTEGER NOT NULL DEFAULT 0,
  pv_kwh INTEGER NOT NULL DEFAULT 0,
  business_partner TEXT NOT NULL,
  contract_account TEXT NOT NULL
);
CREATE INDEX invoices_meter_date ON invoices(meter_id, issue_date DESC);

CREATE TABLE readings (
  id INTEGER PRIMARY KEY,
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  date_ins TEXT NOT NULL,
  cp_code TEXT NOT NULL,
  origin INTEGER NOT NULL,                -- 1 network operator, 5 excluded, 2 client
  value INTEGER NOT NULL,
  registered_by TEXT NOT NULL CHECK (registered_by IN ('operator','client')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX readings_meter_date ON readings(meter_id, date_ins DESC);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  meter_id INTEGER REFERENCES meters(id),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('info','confirm','alert')),
  category TEXT NOT NULL,
  read_status INTEGER NOT NULL DEFAULT 0,
  c_stamp TEXT NOT NULL
);
CREATE INDEX messages_user ON messages(user_id, c_stamp DESC);

CREATE TABLE banners (
  id INTEGER PRIMARY KEY,
  meter_id INTEGER REFERENCES meters(id), -- NULL: shown for every supply of matching division
  division INTEGER,                       -- NULL: any division
  title_el TEXT NOT NULL, title_en TEXT NOT NULL,
  body_el TEXT NOT NULL, body_en TEXT NOT NULL,
  url TEXT,
  kind TEXT NOT NULL DEFAULT 'info',
  active_from TEXT, active_to TEXT
);

-- Server-side sessions: the access token carries sid; every API call checks it is still live.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_reason TEXT
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,            -- SHA-256 of the 256-bit token, base64url
  session_id TEXT NOT NULL REFERENCES sessions(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);

-- Single-use links: activation, password reset, redirect-login.
CREATE TABLE action_tokens (
  id TEXT PRIMARY KEY,                    -- random id carried in the signed link
  user_id INTEGER NOT NULL REFERENCES users(id),
  purpose TEXT NOT NULL CHECK (purpose IN ('activate','reset','redirect-login')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE login_attempts (
  scope TEXT NOT NULL,                    -- 'vat' or 'ip'
  key TEXT NOT NULL,
  day TEXT NOT NULL,                      -- YYYY-MM-DD (UTC)
  failures INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, key, day)
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('email','sms')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  user_id INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE transactions (
  id INTEGER PRIMARY KEY,
  txn_no TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users(id),
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  amount_cents INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('started','success','failed','cancelled')),
  payment_group TEXT,                      -- one card payment covering several supplies
  created_at TEXT NOT NULL,
  completed_at TEXT
);

CREATE TABLE requests (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE,
  user_id INTEGER REFERENCES users(id),
  meter_id INTEGER REFERENCES meters(id),
  kind TEXT NOT NULL,                     -- contact, name_change, cancellation, new_supply, transfer, …
  status TEXT NOT NULL DEFAULT 'received',
  payload TEXT NOT NULL,                  -- JSON
  file_key TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  user_id INTEGER,
  action TEXT NOT NULL,
  detail TEXT,
  ip TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
