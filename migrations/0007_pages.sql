-- Important notices and the satisfaction questionnaire (help and notice pages).

-- Supplier-wide notices (not personal messages: those are `messages`), in both languages.
CREATE TABLE notices (
  id INTEGER PRIMARY KEY,
  published_at TEXT NOT NULL,             -- YYYY-MM-DD; hidden before this date
  expires_at TEXT,                        -- YYYY-MM-DD, last day shown; NULL: never expires
  importance TEXT NOT NULL DEFAULT 'normal' CHECK (importance IN ('normal','important','urgent')),
  title_el TEXT NOT NULL,
  title_en TEXT NOT NULL,
  body_el TEXT NOT NULL,
  body_en TEXT NOT NULL
);
CREATE INDEX notices_published ON notices(published_at);

-- One answer per user and period (a calendar quarter in Greek time, 'YYYY-Qn'); the UNIQUE
-- constraint is what refuses a second answer, also for two tabs posting at once.
CREATE TABLE questionnaire_answers (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  period TEXT NOT NULL,
  overall INTEGER NOT NULL CHECK (overall BETWEEN 1 AND 5),
  bills INTEGER NOT NULL CHECK (bills BETWEEN 1 AND 5),
  portal INTEGER NOT NULL CHECK (portal BETWEEN 1 AND 5),
  support INTEGER NOT NULL CHECK (support BETWEEN 1 AND 5),
  channel TEXT NOT NULL CHECK (channel IN ('portal','phone','email','store')),
  comment TEXT CHECK (comment IS NULL OR length(comment) <= 1000),
  lang TEXT NOT NULL DEFAULT 'el' CHECK (lang IN ('el','en')),
  created_at TEXT NOT NULL,
  UNIQUE (user_id, period)
);
