-- #37 §3: a product's colour is one of the law's four classes, by name, and a bill keeps the
-- colour it was issued under.
--
-- 1. products: `colour` ('#rrggbb', 0026) becomes `tariff_colour`: 'blue' (fixed), 'green'
--    (special), 'yellow' (variable) or 'orange' (dynamic) for an electricity product, NULL for
--    gas (gas products have no colour); core/tariff-colours.ts. New: `segment`, whom the product
--    is offered to ('home' or 'business'). SQLite cannot change a column's constraints: the table
--    is rebuilt (new table, copy, drop, rename, as 0012), ids kept (backoffice_keys point at
--    them), and 0026's data-version triggers, which the drop takes with it, created again as
--    they were.
--    The rows 0026 held: a hex that is one of the portal's four paints is that colour; any other
--    is decided by the prices as core/tariff-colours.ts colourOfPrices does (a variable rate
--    yellow, else blue: before this migration a product could not have monthly prices, so none is
--    orange, and green is never guessed). The segment: a name with BUSINESS in it is business.
-- 2. invoices.tariff_colour: the colour of the supply's product when the bill was first written
--    (api/backoffice/invoices.ts, seed/invoices.ts); never rewritten when the product changes.
--    NULL: none (gas, a payment, a bill written before this migration).
CREATE TABLE products_new (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  descr TEXT NOT NULL,
  division INTEGER NOT NULL,
  -- Electricity: one of the four, always; gas (any other division): none.
  tariff_colour TEXT CHECK (CASE WHEN division = 1
    THEN tariff_colour IS NOT NULL AND tariff_colour IN ('blue', 'green', 'yellow', 'orange')
    ELSE tariff_colour IS NULL END),
  segment TEXT NOT NULL DEFAULT 'home' CHECK (segment IN ('home', 'business')),
  prices TEXT NOT NULL,
  valid_from TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

INSERT INTO products_new (id, name, descr, division, tariff_colour, segment, prices, valid_from,
  updated_at)
SELECT id, name, descr, division,
  CASE
    WHEN division <> 1 THEN NULL
    WHEN lower(colour) = '#1565c0' THEN 'blue'
    WHEN lower(colour) = '#2e7d32' THEN 'green'
    WHEN lower(colour) = '#f9c80e' THEN 'yellow'
    WHEN lower(colour) = '#ef6c00' THEN 'orange'
    WHEN json_valid(prices) AND json_extract(prices, '$.variable') = 1 THEN 'yellow'
    ELSE 'blue'
  END,
  CASE WHEN upper(name) LIKE '%BUSINESS%' THEN 'business' ELSE 'home' END,
  prices, valid_from, updated_at
FROM products;

DROP TABLE products;
ALTER TABLE products_new RENAME TO products;

-- 0026's triggers, as they were: a product is supplier-wide content (customer 0's version).
CREATE TRIGGER products_insert_version AFTER INSERT ON products
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT 0, 1 WHERE 0 IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER products_update_version AFTER UPDATE ON products
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT 0, 1 WHERE 0 IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER products_delete_version AFTER DELETE ON products
BEGIN
  INSERT INTO data_versions (customer_id, version) SELECT 0, 1 WHERE 0 IS NOT NULL
    ON CONFLICT (customer_id) DO UPDATE SET version = version + 1;
END;

-- The bill's colour as it was issued; the invoices triggers (0008) cover the new column.
ALTER TABLE invoices ADD COLUMN tariff_colour TEXT
  CHECK (tariff_colour IN ('blue', 'green', 'yellow', 'orange'));
