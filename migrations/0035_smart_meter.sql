-- #37 §3: whether the supply has an interval (smart) meter that records its hourly use, as the
-- billing system (the network operator's register) knows it. A dynamic (orange) product prices
-- each hour, so a switch to one is offered only for such a supply (core/tariff-compare.ts
-- "needs_smart_meter"). Fed by the back-office customers feed (`smart_meter`); 0 until it says.
-- The meters triggers of 0008 raise the data version on any update, this column's too.
ALTER TABLE meters ADD COLUMN smart_meter INTEGER NOT NULL DEFAULT 0 CHECK (smart_meter IN (0, 1));
