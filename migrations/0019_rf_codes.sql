-- The RF payment code of a bill (#34, core/rf.ts): an ISO 11649 structured creditor reference
-- (`RF`, two check digits, 1–21 letters or digits; stored without spaces) that the customer types
-- into e-banking. The billing system's own when its feed sends one (the next issue); NULL means the
-- portal shows the code built from the contract account and the bill number (core/rf.ts
-- RF_LAYOUT), which the billing system can read back the same way. The data-version triggers of
-- invoices (0008) fire on this column's writes too, so no new trigger.
ALTER TABLE invoices ADD COLUMN rf_code TEXT
  CHECK (rf_code IS NULL OR (length(rf_code) BETWEEN 5 AND 25 AND rf_code GLOB 'RF[0-9][0-9]*'
         AND substr(rf_code, 5) NOT GLOB '*[^0-9A-Z]*'));
