-- Tariff-switch requests (#37 §3): filed from the tariffs page (/b2b/timologia), kind
-- 'tariff_switch', the product's key in `payload`, no attachment (file_key NULL).
--
-- At most one open (submitted or in review) switch per supply, kept by the database as 0004 keeps
-- one open name change and one open cancellation, so that two tabs posting at once cannot both
-- pass the service's check. An index of its own: widening requests_open_per_supply would mean
-- dropping and re-creating the index every open name change and cancellation relies on.
CREATE UNIQUE INDEX requests_open_switch_per_supply ON requests(meter_id, kind)
  WHERE kind = 'tariff_switch' AND status IN ('submitted','in_review');
