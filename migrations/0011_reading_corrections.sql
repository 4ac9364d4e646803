-- Reading corrections (a mistyped reading can be put right): while the reading period is open a
-- customer may correct their own latest reading. The corrected rows stay (the history shows them,
-- marked) with corrected_at set; the new rows name the row they replace in replaces_id. The
-- readings table already has its data-version triggers (0008), which fire on these columns' writes
-- too, so no new trigger.
ALTER TABLE readings ADD COLUMN corrected_at TEXT;
ALTER TABLE readings ADD COLUMN replaces_id INTEGER REFERENCES readings(id);

-- A reading is replaced at most once: of two corrections sent at once, one wins, the database
-- refuses the other even if both passed every check before writing.
CREATE UNIQUE INDEX readings_replaces ON readings(replaces_id) WHERE replaces_id IS NOT NULL;
