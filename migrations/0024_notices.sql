-- Notices that follow the customer's settings (#36 §2, docs/notices.md, ADR 0030).
--
-- notice_events: each event a customer hears about (a new bill, a payment received, a reading
-- period opening, its reminder, an overdue bill, a disconnection warning), once: the notice is
-- written only by the request that inserted its event row, so a batch sent twice, or forty
-- times at once, sends nothing the second time.
CREATE TABLE notice_events (
  event TEXT PRIMARY KEY,
  customer_id INTEGER,
  created_at TEXT NOT NULL
);

-- short_links: /p/{code} of a bill's SMS, which resolves to the signed /pay/{hash} link (about
-- 110 characters: too long for one SMS segment). The code is 10 random base62 characters
-- (59 bits); it expires with the link it points to.
CREATE TABLE short_links (
  code TEXT PRIMARY KEY,
  path TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX short_links_expires ON short_links (expires_at);

-- A notice written during the quiet hours (22:00–08:00 Athens) waits in the outbox until
-- not_before; NULL: send at once.
ALTER TABLE outbox ADD COLUMN not_before TEXT;

-- Customers on life-support equipment (the billing system's vulnerable register): their notices
-- are never held by the quiet hours.
ALTER TABLE customers ADD COLUMN life_support INTEGER NOT NULL DEFAULT 0;
