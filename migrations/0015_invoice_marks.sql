-- myDATA MARK of every issued document (#20, core/e-invoice.ts): the 15-digit number the tax
-- authority's myDATA gives an invoice when it is registered. Printed on the bill and its PDF with a
-- QR code of the portal's public verification page, /e-invoice/{mark}. NULL for ledger rows that
-- are not documents (payments) and for rows written before this migration.
ALTER TABLE invoices ADD COLUMN mark TEXT
  CHECK (mark IS NULL OR (length(mark) = 15 AND mark NOT GLOB '*[^0-9]*'));
CREATE UNIQUE INDEX invoices_mark ON invoices(mark);
