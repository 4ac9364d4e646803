-- #18: a message's read mark is the person's, not the account's. Until now `messages.read_status`
-- was one mark per message: a message one person opened showed read to every other person of the
-- account. A row here says "this person has read this message"; a message is unread for a person
-- without one. The API reads and writes only this table (api/services/shell-reads.ts,
-- api/users/service.ts markMessageRead).
--
-- The account holder keeps the marks of the old column: every message read today becomes read by
-- its account's master (the account holder, 0012). `messages.read_status` stays, no longer read
-- nor updated, as "already read when it arrived": a message inserted with read_status = 1 (an
-- import from the supplier's old system, the demo data) is read by the account's master, by the
-- trigger below, so that such writers need not know this table.
CREATE TABLE message_reads (
  message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (message_id, user_id)
) WITHOUT ROWID;

INSERT INTO message_reads (message_id, user_id)
SELECT m.id, master.id
FROM messages m
JOIN users addressee ON addressee.id = m.user_id
JOIN users master ON master.customer_id = addressee.customer_id
  AND master.test_role = 'master' AND master.removed_at IS NULL
WHERE m.read_status = 1;

CREATE TRIGGER messages_read_on_arrival AFTER INSERT ON messages WHEN NEW.read_status = 1
BEGIN
  INSERT OR IGNORE INTO message_reads (message_id, user_id)
  SELECT NEW.id, master.id FROM users master
  WHERE master.customer_id = (SELECT customer_id FROM users WHERE id = NEW.user_id)
    AND master.test_role = 'master' AND master.removed_at IS NULL;
END;

-- Data versions (0008's shape; owner: the reader's customer): a read mark changes the unread
-- count every signed-in page shows in its header.
CREATE TRIGGER message_reads_insert_version AFTER INSERT ON message_reads
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER message_reads_update_version AFTER UPDATE ON message_reads
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE ((SELECT customer_id FROM users WHERE id = NEW.user_id)) IS NOT ((SELECT customer_id FROM users WHERE id = OLD.user_id)) AND id = NEW.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = NEW.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER message_reads_delete_version AFTER DELETE ON message_reads
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT (SELECT customer_id FROM users WHERE id = OLD.user_id), 1 WHERE (SELECT customer_id FROM users WHERE id = OLD.user_id) IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
