-- #38: what the billing system decides about a supply's hardship rights, fed through the back-office
-- API and read by the portal (the rules and figures: core/hardship.ts). The portal never decides
-- these itself: an application to the register is the portal's (its own tables), the decision is
-- the billing system's and lands here.
--
-- social_tariffs: the supply's ΚΟΤ (social residential tariff), one row per supply while it has one.
-- category 'A' or 'B'; household_size sets the four-month cap; valid_from/valid_to (YYYY-MM-DD,
-- inclusive) the year the state's approval covers (it is renewed by an annual application).
CREATE TABLE social_tariffs (
  meter_id INTEGER PRIMARY KEY REFERENCES meters(id) ON DELETE CASCADE,
  category TEXT NOT NULL CHECK (category IN ('A', 'B')),
  household_size INTEGER NOT NULL DEFAULT 1 CHECK (household_size BETWEEN 1 AND 20),
  valid_from TEXT NOT NULL,
  valid_to TEXT NOT NULL CHECK (valid_to >= valid_from),
  updated_at TEXT NOT NULL
);

-- vulnerable_registrations: the supply is on the vulnerable-customers register (n.4001/2011
-- art. 52) from registered_at until valid_to (NULL: open-ended). category: why
-- ('life_support': life-support equipment at home; 'over_70_alone'; 'social_tariff': a ΚΟΤ
-- beneficiary, by right). A row whose valid_to has passed is history, not a registration.
CREATE TABLE vulnerable_registrations (
  meter_id INTEGER PRIMARY KEY REFERENCES meters(id) ON DELETE CASCADE,
  category TEXT NOT NULL CHECK (category IN ('life_support', 'over_70_alone', 'social_tariff')),
  registered_at TEXT NOT NULL,
  valid_to TEXT,
  updated_at TEXT NOT NULL
);

-- Pages show both (the ΚΟΤ card, the register's page, the plan's instalment limit): a write raises
-- the supply's customer's data version (0008's shape, through meters).
CREATE TRIGGER social_tariffs_insert_version AFTER INSERT ON social_tariffs
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER social_tariffs_update_version AFTER UPDATE ON social_tariffs
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE ((SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT ((SELECT customer_id FROM meters WHERE id = OLD.meter_id)) AND id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER social_tariffs_delete_version AFTER DELETE ON social_tariffs
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_registrations_insert_version AFTER INSERT ON vulnerable_registrations
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_registrations_update_version AFTER UPDATE ON vulnerable_registrations
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE ((SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT ((SELECT customer_id FROM meters WHERE id = OLD.meter_id)) AND id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER vulnerable_registrations_delete_version AFTER DELETE ON vulnerable_registrations
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
