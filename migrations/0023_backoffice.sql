-- The billing system's way in (#36 §1, docs/decisions/0030-backoffice-api.md).
--
-- backoffice_clients: named service credentials of the billing system (SAP IS-U or another).
-- The secret is 32 random bytes shown once when the client is created or rotated; only its
-- SHA-256 (base64url) is kept (a high-entropy secret needs no slow hash: nobody can guess it from the hash).
-- scopes: a JSON array of customers, supplies, invoices, payments, readings, messages, tariffs.
-- A revoked client keeps its row (the activity log names it) and opens nothing.
CREATE TABLE backoffice_clients (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL DEFAULT '[]',
  secret_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  rotated_at TEXT,
  revoked_at TEXT,
  last_used_at TEXT
);

-- The billing system's own key of every item a batch has sent, per kind (customer, supply,
-- invoice, payment, reading, message, banner, reading_period, product, ...): which portal row it
-- became and the hash of the item as last applied, so a batch sent twice is "unchanged" the second
-- time and changes nothing.
CREATE TABLE backoffice_keys (
  kind TEXT NOT NULL,
  external_key TEXT NOT NULL,
  portal_id INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  client_id INTEGER REFERENCES backoffice_clients (id),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (kind, external_key)
);
CREATE INDEX backoffice_keys_portal ON backoffice_keys (kind, portal_id);
