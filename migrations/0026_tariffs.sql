-- The billing system's tariff data (#36 §1, POST /api/backoffice/tariffs; read by #37/#38).
--
-- products: the supplier's products (the packages a supply is billed under: meters.package_name
-- is a product's name, package_print_descr its descr). Until a product is sent here the portal
-- uses its own stand-ins (core/products.ts). division: 1 electricity, 2 gas (as meters.division).
-- colour: '#rrggbb'. prices: JSON, euros VAT included (api/backoffice/tariffs.ts productPrices):
-- electricity {standingPerMonth, day, night?, variable?} as core/products.ts ElectricityPrices,
-- gas {standingPerMonth, perKwh, variable?}. valid_from: the day (YYYY-MM-DD) the prices apply.
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  descr TEXT NOT NULL,
  division INTEGER NOT NULL,
  colour TEXT NOT NULL,
  prices TEXT NOT NULL,
  valid_from TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The social tariff (ΚΟΤ) of a customer: 'none', 'applied', 'granted' or 'refused', and the day
-- (YYYY-MM-DD) it lasts until, as the billing system decides it.
ALTER TABLE customers ADD COLUMN social_tariff TEXT NOT NULL DEFAULT 'none';
ALTER TABLE customers ADD COLUMN social_tariff_until TEXT;

-- The vulnerable-customer register: the last decision ('none' before any, 'granted', 'refused',
-- 'withdrawn') and the day it lasts until. customers.life_support (0024) is 1 only while a
-- granted decision says the customer is on life-support equipment.
ALTER TABLE customers ADD COLUMN vulnerable TEXT NOT NULL DEFAULT 'none';
ALTER TABLE customers ADD COLUMN vulnerable_until TEXT;

-- Products are supplier-wide content (a supply's product, its colour and prices are shown to
-- every customer who has it): a write raises the supplier-wide data version (customer 0), as
-- notices do (0008). The customers columns are covered by customers' own triggers.
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
