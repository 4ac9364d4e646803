-- Viva Smart Checkout (docs/decisions/0025-viva-smart-checkout.md): an order is created at Viva
-- before the customer goes there, and Viva names it by its own order code, which comes back on the
-- return (`s`), in every webhook and in the reconciliation's look-ups. The code of the portal's
-- order: NULL for the test acquirer's orders and for an order Viva never accepted.
ALTER TABLE payment_orders ADD COLUMN provider_order TEXT;
CREATE UNIQUE INDEX payment_orders_provider_order ON payment_orders (provider_order)
  WHERE provider_order IS NOT NULL;
-- The hourly reconciliation reads the orders still started after 30 minutes.
CREATE INDEX payment_orders_started ON payment_orders (created_at)
  WHERE status = 'started' AND provider_order IS NOT NULL;
