-- Card payments (one or several supplies through a gateway). The portal ("merchant") side: one
-- order per payment attempt, its supplies and amounts; the ledger of recorded payments is
-- `transactions` (0001) with one row per supply, made unique per (order, supply) so that a replayed
-- or concurrent gateway return can never record a payment twice. The built-in test acquirer keeps
-- its own state in `gateway_payments`.

CREATE TABLE payment_orders (
  id TEXT PRIMARY KEY,                    -- order id sent to the gateway: random, new for every attempt
  reference TEXT NOT NULL UNIQUE,         -- the payment number shown to the customer (checkout query t)
  user_id INTEGER REFERENCES users(id),   -- NULL for /pay/{hash} and /instant-bill/{hash}
  channel TEXT NOT NULL CHECK (channel IN ('portal','pay','instant-bill')),
  return_to TEXT NOT NULL,                -- portal path the customer returns to
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  status TEXT NOT NULL DEFAULT 'started' CHECK (status IN ('started','success','failed','cancelled')),
  failure TEXT,                           -- card_failed | not_completed | mismatch
  acquirer_txn TEXT,                      -- the acquirer's transaction id from its signed return
  claim TEXT,                             -- random id of the request that recorded the outcome
  lang TEXT NOT NULL DEFAULT 'el' CHECK (lang IN ('el','en')),
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX payment_orders_user ON payment_orders(user_id, created_at);

CREATE TABLE payment_order_items (
  order_id TEXT NOT NULL REFERENCES payment_orders(id),
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  PRIMARY KEY (order_id, meter_id)
);

-- The ledger: at most one recorded payment per order and supply.
ALTER TABLE transactions ADD COLUMN order_id TEXT REFERENCES payment_orders(id);
CREATE UNIQUE INDEX transactions_order_meter ON transactions(order_id, meter_id);
CREATE INDEX transactions_meter ON transactions(meter_id, created_at);

-- The built-in test acquirer (api/gateway): at most one charge per merchant order.
CREATE TABLE gateway_payments (
  id TEXT PRIMARY KEY,                    -- acquirer transaction id
  merchant_order TEXT NOT NULL UNIQUE,
  amount_cents INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('challenge','approved','declined','expired','timeout','cancelled')),
  card_last4 TEXT,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
