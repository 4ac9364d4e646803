-- Figure sources (issue #20): every reading and every bill's consumption says where it comes from.
-- A reading is the network operator's, the customer's, or an estimate (estimated = 1, whoever
-- registered it: the operator estimates when a meter was not read). A bill's consumption is actual
-- (0) or estimated (1); NULL where the source is not known or the row bills no consumption
-- (payments, credits). The readings and invoices tables already have their data-version triggers
-- (0008), which fire on these columns' writes too, so no new trigger.
ALTER TABLE readings ADD COLUMN estimated INTEGER NOT NULL DEFAULT 0 CHECK (estimated IN (0, 1));
ALTER TABLE invoices ADD COLUMN consumption_estimated INTEGER CHECK (consumption_estimated IN (0, 1));
