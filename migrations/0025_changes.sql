-- The changes export (#36 §1, api/backoffice/changes.ts): what the portal collected, for the
-- billing system, in the order it happened.
--
-- change_journal: one row per change, written by the triggers below in the same transaction as
-- the change itself, so no write path can forget one. `seq` is the export's cursor: AUTOINCREMENT
-- never hands out a number twice, and D1 has one writer, so a reader that sees seq N has seen
-- every committed seq below it (a rolled-back change leaves a gap, never a late arrival). A row
-- names only what changed (kind, the row's id, its customer and supply); the export joins it to
-- the row's current data when it is read.
--
-- kind (row_id is the id of):
--   card_payment        transactions      a card payment taken in the portal (status success)
--   reading             readings          a reading the customer registered (registered_by client)
--   reading_correction  readings          the customer's correction (replaces_id: the old row)
--   supply_settings     meters            e-bill on/off and address, SMS bill and number
--   person_contact      users             a person's email or phone
--   request             requests          a name-change or cancellation request (a supply's)
--   application         applications      a transfer or new-supply application
--   direct_debit        direct_debits     a supply's mandate set, replaced or ended (meter_id)
--   billing_address     address_changes   a supply's billing address changed
--
-- Requests and applications are first written with a placeholder reference (`pending-…`) and
-- get their real one right after (the id is in it): they are journaled when the real reference
-- is set, once, or at insert when they come with a real one.
CREATE TABLE change_journal (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  row_id INTEGER NOT NULL,
  customer_id INTEGER,
  meter_id INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

CREATE TRIGGER transactions_insert_journal AFTER INSERT ON transactions
  WHEN NEW.status = 'success'
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('card_payment', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;

CREATE TRIGGER transactions_success_journal AFTER UPDATE OF status ON transactions
  WHEN NEW.status = 'success' AND OLD.status IS NOT 'success'
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('card_payment', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;

CREATE TRIGGER readings_insert_journal AFTER INSERT ON readings
  WHEN NEW.registered_by = 'client'
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES (CASE WHEN NEW.replaces_id IS NULL THEN 'reading' ELSE 'reading_correction' END, NEW.id,
      (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;

-- The settings dialog sets these four columns of every supply it lists: only a real change counts.
CREATE TRIGGER meters_settings_journal AFTER UPDATE OF ebill, ebill_email, sms_bill, sms_number ON meters
  WHEN OLD.ebill IS NOT NEW.ebill OR OLD.ebill_email IS NOT NEW.ebill_email
    OR OLD.sms_bill IS NOT NEW.sms_bill OR OLD.sms_number IS NOT NEW.sms_number
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('supply_settings', NEW.id, NEW.customer_id, NEW.id);
END;

CREATE TRIGGER users_contact_journal AFTER UPDATE OF registration_email, registration_phone ON users
  WHEN OLD.registration_email IS NOT NEW.registration_email
    OR OLD.registration_phone IS NOT NEW.registration_phone
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('person_contact', NEW.id, NEW.customer_id, NULL);
END;

-- A supply's requests only (the contact form's messages are requests without one).
CREATE TRIGGER requests_insert_journal AFTER INSERT ON requests
  WHEN NEW.meter_id IS NOT NULL AND NEW.reference NOT LIKE 'pending-%'
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('request', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;

CREATE TRIGGER requests_reference_journal AFTER UPDATE OF reference ON requests
  WHEN NEW.meter_id IS NOT NULL AND OLD.reference LIKE 'pending-%' AND NEW.reference NOT LIKE 'pending-%'
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('request', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;

-- The applicant is a customer when the portal has one of that VAT (a transfer's new holder may not be).
CREATE TRIGGER applications_insert_journal AFTER INSERT ON applications
  WHEN NEW.reference NOT LIKE 'pending-%'
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('application', NEW.id, (SELECT id FROM customers WHERE afm = NEW.afm), NULL);
END;

CREATE TRIGGER applications_reference_journal AFTER UPDATE OF reference ON applications
  WHEN OLD.reference LIKE 'pending-%' AND NEW.reference NOT LIKE 'pending-%'
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('application', NEW.id, (SELECT id FROM customers WHERE afm = NEW.afm), NULL);
END;

-- A mandate is keyed by its supply: set (insert), replaced (the upsert's update) or ended (delete).
CREATE TRIGGER direct_debits_insert_journal AFTER INSERT ON direct_debits
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('direct_debit', NEW.meter_id, NEW.customer_id, NEW.meter_id);
END;

CREATE TRIGGER direct_debits_update_journal AFTER UPDATE ON direct_debits
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('direct_debit', NEW.meter_id, NEW.customer_id, NEW.meter_id);
END;

CREATE TRIGGER direct_debits_delete_journal AFTER DELETE ON direct_debits
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('direct_debit', OLD.meter_id, OLD.customer_id, OLD.meter_id);
END;

CREATE TRIGGER address_changes_insert_journal AFTER INSERT ON address_changes
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('billing_address', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;
