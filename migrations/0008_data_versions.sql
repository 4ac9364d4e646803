-- Data versions (the page cache, ADR 0008): a counter per customer, and one for supplier-wide
-- content (customer 0), raised by a trigger on every write to a table whose rows a signed-in page
-- shows. A rendered page is reused only while the versions it was rendered at are still current
-- (app/.server/page-cache.ts), so no write path, present or future, can forget to invalidate it:
-- the database does it.
--
-- Left out on purpose: tables no signed-in page renders (sessions, refresh_tokens, action_tokens,
-- login_attempts, outbox, audit_log, flow_attempts, direct_debit_code_sends, holder_registry,
-- application_throttle) and the test acquirer's own gateway_payments.
-- Every table has the same three triggers, differing only in how the owner is found: the row's
-- customer_id, its supply's (meters.customer_id), its user's (users.customer_id), or 0. A new
-- table that a page shows gets three more of this shape in a new migration
-- (tests/unit/data-versions.test.ts fails until it does). A row whose owner cannot be found
-- (NULL) raises nothing: no customer's page shows it.

CREATE TABLE data_versions (
  customer_id INTEGER PRIMARY KEY,        -- 0: supplier-wide content (notices, banners for all)
  version INTEGER NOT NULL DEFAULT 0
);
-- The supplier-wide counter starts at a random value: a database created afresh (a re-seeded
-- test database) never repeats the versions of the one it replaces. After restoring a backup
-- (D1 Time Travel), give it a new one the same way (docs/decisions/0008-page-cache-by-data-version.md).
INSERT INTO data_versions (customer_id, version) VALUES (0, abs(random() % 1000000000));

CREATE TRIGGER customers_insert_version AFTER INSERT ON customers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.id, 1 WHERE NEW.id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER customers_update_version AFTER UPDATE ON customers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.id, 1 WHERE OLD.id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.id, 1 WHERE (NEW.id) IS NOT (OLD.id) AND NEW.id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER customers_delete_version AFTER DELETE ON customers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.id, 1 WHERE OLD.id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER users_insert_version AFTER INSERT ON users
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER users_update_version AFTER UPDATE ON users
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER users_delete_version AFTER DELETE ON users
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER meters_insert_version AFTER INSERT ON meters
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER meters_update_version AFTER UPDATE ON meters
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER meters_delete_version AFTER DELETE ON meters
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER invoices_insert_version AFTER INSERT ON invoices
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER invoices_update_version AFTER UPDATE ON invoices
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE ((SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT ((SELECT customer_id FROM meters WHERE id = OLD.meter_id)) AND id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER invoices_delete_version AFTER DELETE ON invoices
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER readings_insert_version AFTER INSERT ON readings
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER readings_update_version AFTER UPDATE ON readings
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE ((SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT ((SELECT customer_id FROM meters WHERE id = OLD.meter_id)) AND id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER readings_delete_version AFTER DELETE ON readings
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER messages_insert_version AFTER INSERT ON messages
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER messages_update_version AFTER UPDATE ON messages
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER messages_delete_version AFTER DELETE ON messages
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER banners_insert_version AFTER INSERT ON banners
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM meters WHERE id = NEW.meter_id), 0), 1 WHERE COALESCE((SELECT customer_id FROM meters WHERE id = NEW.meter_id), 0) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER banners_update_version AFTER UPDATE ON banners
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM meters WHERE id = OLD.meter_id), 0), 1 WHERE COALESCE((SELECT customer_id FROM meters WHERE id = OLD.meter_id), 0) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM meters WHERE (COALESCE((SELECT customer_id FROM meters WHERE id = NEW.meter_id), 0)) IS NOT (COALESCE((SELECT customer_id FROM meters WHERE id = OLD.meter_id), 0)) AND id = NEW.meter_id), 0), 1 WHERE COALESCE((SELECT customer_id FROM meters WHERE id = NEW.meter_id), 0) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER banners_delete_version AFTER DELETE ON banners
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM meters WHERE id = OLD.meter_id), 0), 1 WHERE COALESCE((SELECT customer_id FROM meters WHERE id = OLD.meter_id), 0) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER transactions_insert_version AFTER INSERT ON transactions
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER transactions_update_version AFTER UPDATE ON transactions
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE (COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id))) IS NOT (COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id))) AND id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = NEW.user_id), (SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER transactions_delete_version AFTER DELETE ON transactions
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)), 1 WHERE COALESCE((SELECT customer_id FROM users WHERE id = OLD.user_id), (SELECT customer_id FROM meters WHERE id = OLD.meter_id)) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER requests_insert_version AFTER INSERT ON requests
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER requests_update_version AFTER UPDATE ON requests
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER requests_delete_version AFTER DELETE ON requests
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER request_files_insert_version AFTER INSERT ON request_files
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER request_files_update_version AFTER UPDATE ON request_files
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER request_files_delete_version AFTER DELETE ON request_files
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER direct_debit_flows_insert_version AFTER INSERT ON direct_debit_flows
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER direct_debit_flows_update_version AFTER UPDATE ON direct_debit_flows
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER direct_debit_flows_delete_version AFTER DELETE ON direct_debit_flows
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER direct_debits_insert_version AFTER INSERT ON direct_debits
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER direct_debits_update_version AFTER UPDATE ON direct_debits
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER direct_debits_delete_version AFTER DELETE ON direct_debits
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER loyalty_cards_insert_version AFTER INSERT ON loyalty_cards
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER loyalty_cards_update_version AFTER UPDATE ON loyalty_cards
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER loyalty_cards_delete_version AFTER DELETE ON loyalty_cards
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER all_smart_flows_insert_version AFTER INSERT ON all_smart_flows
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER all_smart_flows_update_version AFTER UPDATE ON all_smart_flows
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER all_smart_flows_delete_version AFTER DELETE ON all_smart_flows
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER address_changes_insert_version AFTER INSERT ON address_changes
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER address_changes_update_version AFTER UPDATE ON address_changes
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE ((SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT ((SELECT customer_id FROM meters WHERE id = OLD.meter_id)) AND id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER address_changes_delete_version AFTER DELETE ON address_changes
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_orders_insert_version AFTER INSERT ON payment_orders
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_orders_update_version AFTER UPDATE ON payment_orders
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_orders_delete_version AFTER DELETE ON payment_orders
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_order_items_insert_version AFTER INSERT ON payment_order_items
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_order_items_update_version AFTER UPDATE ON payment_order_items
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE ((SELECT customer_id FROM meters WHERE id = NEW.meter_id)) IS NOT ((SELECT customer_id FROM meters WHERE id = OLD.meter_id)) AND id = NEW.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = NEW.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER payment_order_items_delete_version AFTER DELETE ON payment_order_items
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM meters WHERE id = OLD.meter_id), 1 WHERE (SELECT customer_id FROM meters WHERE id = OLD.meter_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER application_drafts_insert_version AFTER INSERT ON application_drafts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER application_drafts_update_version AFTER UPDATE ON application_drafts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER application_drafts_delete_version AFTER DELETE ON application_drafts
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER applications_insert_version AFTER INSERT ON applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER applications_update_version AFTER UPDATE ON applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER applications_delete_version AFTER DELETE ON applications
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER questionnaire_answers_insert_version AFTER INSERT ON questionnaire_answers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER questionnaire_answers_update_version AFTER UPDATE ON questionnaire_answers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER questionnaire_answers_delete_version AFTER DELETE ON questionnaire_answers
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER notices_insert_version AFTER INSERT ON notices
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT 0, 1 WHERE 0 IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER notices_update_version AFTER UPDATE ON notices
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT 0, 1 WHERE 0 IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT 0, 1 WHERE (0) IS NOT (0) AND 0 IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER notices_delete_version AFTER DELETE ON notices
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT 0, 1 WHERE 0 IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
