-- Paying twice must not overpay: a second payment for a balance that another payment already
-- settled is never recorded; the acquirer's authorisation is voided instead
-- (api/payments/service.ts). The test acquirer keeps when that happened. The charge keeps its
-- status 'approved' (the card holder did authorise it); voided_at says the money was released and
-- never captured.
ALTER TABLE gateway_payments ADD COLUMN voided_at TEXT;
