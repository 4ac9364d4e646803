-- Viva's cards (docs/decisions/0025-viva-smart-checkout.md, "Direct debit").
--
-- 1. The receipt of a Viva payment shows the card's last four digits, as the test acquirer's does:
--    Viva's read-back carries the card number masked (414746XXXXXX0133); its last four are kept on
--    the order when the payment is recorded (the test acquirer keeps them in gateway_payments).
ALTER TABLE payment_orders ADD COLUMN card_last4 TEXT CHECK (card_last4 IS NULL OR length(card_last4) = 4);

-- 2. Direct debit with Viva: the card is entered on Viva's page, never in the portal. A mandate
--    order is a Viva payment order of the verification amount with allowRecurring, made for one
--    direct-debit flow and supply; its finished transaction, read back, becomes the supply's
--    mandate (the initial transaction id, for Viva's recurring payments) and its amount is refunded
--    at once. Never a payment: nothing here touches a balance or the ledger.
CREATE TABLE direct_debit_orders (
  id TEXT PRIMARY KEY,                    -- merchantTrns: random, new for every attempt
  flow_id TEXT NOT NULL REFERENCES direct_debit_flows(id),
  meter_id INTEGER NOT NULL REFERENCES meters(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  provider_order TEXT UNIQUE,             -- Viva's order code, once Viva accepted the order
  status TEXT NOT NULL DEFAULT 'started' CHECK (status IN ('started','success','failed','cancelled')),
  failure TEXT,                           -- card_failed | not_completed | invalid | expired | no_recurring
  acquirer_txn TEXT,                      -- the initial transaction id (the mandate's token)
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX direct_debit_orders_flow ON direct_debit_orders(flow_id, created_at);
CREATE INDEX direct_debit_orders_started ON direct_debit_orders(created_at)
  WHERE status = 'started' AND provider_order IS NOT NULL;
