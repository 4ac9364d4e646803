-- #38 §2 §3: what the portal itself keeps of the hardship rights (the billing system's decisions
-- are 0031's social_tariffs and vulnerable_registrations).
--
-- vulnerable_applications: an application to the vulnerable-customers register for one supply,
-- filed by the account's master (core/permissions.ts "apply_register"). category: why
-- ('life_support', 'over_70_alone', 'social_tariff'); declarations: a JSON array of the
-- declarations the applicant ticked (core/vulnerable.ts names the ones each category needs).
-- status: submitted (filed) → in_review → approved | rejected, set by the billing system through
-- the back office (api/backoffice/hardship.ts); decided_at and reason come with the decision.
-- One open application (submitted or in review) per supply at a time: the partial unique index.
CREATE TABLE vulnerable_applications (
  id INTEGER PRIMARY KEY,
  meter_id INTEGER NOT NULL REFERENCES meters(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id),
  category TEXT NOT NULL CHECK (category IN ('life_support', 'over_70_alone', 'social_tariff')),
  declarations TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'submitted'
    CHECK (status IN ('submitted', 'in_review', 'approved', 'rejected')),
  decided_at TEXT,
  reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX vulnerable_applications_open ON vulnerable_applications (meter_id)
  WHERE status IN ('submitted', 'in_review');
CREATE INDEX vulnerable_applications_meter ON vulnerable_applications (meter_id, id);
-- The hourly clean-up finds decided applications whose certificate is due to go.
CREATE INDEX vulnerable_applications_decided ON vulnerable_applications (decided_at)
  WHERE decided_at IS NOT NULL;

-- vulnerable_certificates: a life-support application's doctor's certificate. Health data (GDPR
-- art. 9), so kept apart from every other upload: its own table and its own R2 prefix
-- (`health/`, never `requests/`), read only by the account's master and the back office, and
-- deleted (row and object) 30 days after the decision by the hourly clean-up
-- (api/services/cleanup.ts; ADR 0033). A decided application without its row had one deleted.
CREATE TABLE vulnerable_certificates (
  application_id INTEGER PRIMARY KEY REFERENCES vulnerable_applications(id) ON DELETE CASCADE,
  r2_key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size INTEGER NOT NULL,
  created_at TEXT NOT NULL
);

-- dismissed_cards: an information card a person has closed ("social_tariff": who is entitled to
-- ΚΟΤ and how to apply). Per person, not per browser: it stays closed without JavaScript, on
-- every device.
CREATE TABLE dismissed_cards (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  card TEXT NOT NULL,
  dismissed_at TEXT NOT NULL,
  PRIMARY KEY (user_id, card)
);

-- The pages show all three (the register page, its download link, the card): a write raises the
-- customer's data version (0008's shape; a certificate through its application's supply).
CREATE TRIGGER vulnerable_applications_insert_version AFTER INSERT ON vulnerable_applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_applications_update_version AFTER UPDATE ON vulnerable_applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_applications_delete_version AFTER DELETE ON vulnerable_applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_certificates_insert_version AFTER INSERT ON vulnerable_certificates
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT m.customer_id FROM vulnerable_applications a JOIN meters m ON m.id = a.meter_id WHERE a.id = NEW.application_id), 1 WHERE (SELECT m.customer_id FROM vulnerable_applications a JOIN meters m ON m.id = a.meter_id WHERE a.id = NEW.application_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_certificates_update_version AFTER UPDATE ON vulnerable_certificates
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT m.customer_id FROM vulnerable_applications a JOIN meters m ON m.id = a.meter_id WHERE a.id = OLD.application_id), 1 WHERE (SELECT m.customer_id FROM vulnerable_applications a JOIN meters m ON m.id = a.meter_id WHERE a.id = OLD.application_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_certificates_delete_version AFTER DELETE ON vulnerable_certificates
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT m.customer_id FROM vulnerable_applications a JOIN meters m ON m.id = a.meter_id WHERE a.id = OLD.application_id), 1 WHERE (SELECT m.customer_id FROM vulnerable_applications a JOIN meters m ON m.id = a.meter_id WHERE a.id = OLD.application_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER dismissed_cards_insert_version AFTER INSERT ON dismissed_cards
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER dismissed_cards_update_version AFTER UPDATE ON dismissed_cards
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER dismissed_cards_delete_version AFTER DELETE ON dismissed_cards
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

-- The changes export (0025's journal): a new application, for the billing system to decide.
CREATE TRIGGER vulnerable_applications_insert_journal AFTER INSERT ON vulnerable_applications
BEGIN
  INSERT INTO change_journal (kind, row_id, customer_id, meter_id)
    VALUES ('vulnerable_application', NEW.id, (SELECT customer_id FROM meters WHERE id = NEW.meter_id), NEW.meter_id);
END;
