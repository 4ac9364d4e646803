-- #38 §4: someone I trust.
--
-- 1. users.test_role gains 'viewer' (sees the bills, payments, messages and documents of the
--    supplies given to them, and nothing else: ADR 0034). The role's CHECK is a column constraint,
--    which SQLite cannot alter. 0012 rebuilt the whole table for a constraint; that meant dropping
--    and recreating every trigger that reads `users` (some 45 now, and more in migrations written in
--    parallel). A column with its own CHECK can be dropped instead (SQLite 3.35), so the role moves
--    to a new column: copied, the old column dropped, the new one renamed to test_role. Only the
--    objects that name test_role are dropped first and recreated after, as they were: the partial
--    index of one master per account and 0013's trigger that marks imported messages read by the
--    master. The column moves to the end of the row; nothing reads users by position.
-- 2. trusted_copies: the one person per account (#38 §4) who receives copies of the overdue,
--    disconnection-warning and planned-interruption notices (core/hardship.ts
--    TRUSTED_COPY_NOTICES). One row per customer (the key); the person must be one of the
--    account's people (checked by the API, which also deletes the row when the person is removed).
--    The person sees it on their settings and can decline (the row goes).
PRAGMA defer_foreign_keys = ON;

DROP INDEX users_one_master;
DROP TRIGGER messages_read_on_arrival;

ALTER TABLE users ADD COLUMN role_next TEXT NOT NULL DEFAULT 'user'
  CHECK (role_next IN ('master','admin','user','viewer'));
UPDATE users SET role_next = test_role;
ALTER TABLE users DROP COLUMN test_role;
ALTER TABLE users RENAME COLUMN role_next TO test_role;

-- 0012's index and 0013's trigger, as they were.
CREATE UNIQUE INDEX users_one_master ON users(customer_id) WHERE test_role = 'master' AND removed_at IS NULL;

CREATE TRIGGER messages_read_on_arrival AFTER INSERT ON messages WHEN NEW.read_status = 1
BEGIN
  INSERT OR IGNORE INTO message_reads (message_id, user_id)
  SELECT NEW.id, master.id FROM users master
  WHERE master.customer_id = (SELECT customer_id FROM users WHERE id = NEW.user_id)
    AND master.test_role = 'master' AND master.removed_at IS NULL;
END;

CREATE TABLE trusted_copies (
  customer_id INTEGER PRIMARY KEY REFERENCES customers(id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  chosen_by INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX trusted_copies_user ON trusted_copies(user_id);

-- The people pages and the person's settings show it: 0008's shape, by the row's customer.
CREATE TRIGGER trusted_copies_insert_version AFTER INSERT ON trusted_copies
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER trusted_copies_update_version AFTER UPDATE ON trusted_copies
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions (customer_id, version) SELECT NEW.customer_id, 1 WHERE (NEW.customer_id) IS NOT (OLD.customer_id) AND NEW.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER trusted_copies_delete_version AFTER DELETE ON trusted_copies
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT OLD.customer_id, 1 WHERE OLD.customer_id IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;
