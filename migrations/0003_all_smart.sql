-- allSmart loyalty cards, billing-address changes and their throttle (self-service flows).

-- Loyalty cards the supplier issued. A card is linked to at most one customer and a customer holds
-- at most one card ("card exists"). Numbers are 16 digits, prefix 6270, last digit a Luhn check digit.
CREATE TABLE loyalty_cards (
  card_number TEXT PRIMARY KEY,
  customer_id INTEGER REFERENCES customers(id),  -- NULL: issued (e.g. at a shop) and not linked yet
  origin TEXT NOT NULL CHECK (origin IN ('issued','portal')),
  birth_date TEXT,                               -- YYYY-MM-DD, for cards created in the portal
  phone TEXT,                                    -- mobile for card notices (spec §5 phone rule)
  created_at TEXT NOT NULL,
  linked_at TEXT
);
CREATE UNIQUE INDEX loyalty_cards_customer ON loyalty_cards(customer_id) WHERE customer_id IS NOT NULL;

-- One allSmart application in progress: what was typed at each step lives here, so a reload or a
-- slow connection never loses it. The id is a random 128-bit capability carried in the URL/form.
CREATE TABLE all_smart_flows (
  id TEXT PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  vat TEXT NOT NULL,
  phone TEXT NOT NULL,
  choice TEXT NOT NULL CHECK (choice IN ('connect','create')),
  draft_card_number TEXT,
  draft_birth_date TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','done')),
  card_number TEXT,                              -- the linked or created card once done
  lang TEXT NOT NULL DEFAULT 'el' CHECK (lang IN ('el','en')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX all_smart_flows_customer ON all_smart_flows(customer_id);

-- Failed attempts of the signed-out self-service forms, per hour: scope 'vat' or 'ip'.
CREATE TABLE flow_attempts (
  flow TEXT NOT NULL,                            -- 'all-smart'
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  hour TEXT NOT NULL,                            -- YYYY-MM-DDTHH (UTC)
  failures INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (flow, scope, key, hour)
);

-- Billing-address changes sent through /change-address/{hash}: the full request as typed (area,
-- state and comments have no column on meters); the meter's bill_* columns change with it.
CREATE TABLE address_changes (
  id INTEGER PRIMARY KEY,
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  same_as_supply INTEGER NOT NULL CHECK (same_as_supply IN (0,1)),
  street TEXT NOT NULL,
  street_no TEXT NOT NULL,
  city TEXT NOT NULL,
  zip TEXT NOT NULL,
  area TEXT NOT NULL,
  state TEXT NOT NULL,
  comments TEXT NOT NULL DEFAULT '',
  previous TEXT NOT NULL,                        -- JSON of the bill_* columns before the change
  created_at TEXT NOT NULL
);
CREATE INDEX address_changes_meter ON address_changes(meter_id, created_at);
