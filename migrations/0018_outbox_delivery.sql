-- Issue #34: the outbox becomes a real queue. Each row is one email or SMS, delivered by the
-- Worker's queue consumer (api/messages/delivery.ts) through the channel's provider.
-- status: queued → sending → sent | failed | ambiguous, moved by conditional UPDATEs so that a
-- redelivered queue message never sends twice. `ambiguous`: an SMS whose request left but whose
-- answer never came (not retried: Twilio has no idempotency key). `secret`: the body holds a code
-- or a link, emptied once a real provider has sent it.
ALTER TABLE outbox ADD COLUMN template TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN lang TEXT NOT NULL DEFAULT 'el';
ALTER TABLE outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'queued'
  CHECK (status IN ('queued','sending','sent','failed','ambiguous'));
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN secret INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN error TEXT;
ALTER TABLE outbox ADD COLUMN provider_id TEXT;
ALTER TABLE outbox ADD COLUMN updated_at TEXT;
ALTER TABLE outbox ADD COLUMN sent_at TEXT;
-- What was recorded before this migration was only recorded, never to be sent.
UPDATE outbox SET status = 'sent';
CREATE INDEX outbox_status_updated ON outbox (status, updated_at);
