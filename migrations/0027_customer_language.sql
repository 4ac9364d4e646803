-- The customer's language as the billing system knows it (POST /api/backoffice/customers
-- `language`, docs/notices.md). A customer who has not signed up on the portal has no users row,
-- so no users.lang: their e-bill emails and bill SMS would otherwise always be Greek. Once a
-- person signs up, their own choice on the portal (users.lang) wins. NULL: not sent (Greek).
-- The column is covered by customers' own data-version triggers.
ALTER TABLE customers ADD COLUMN lang TEXT CHECK (lang IN ('el','en'));
