-- Name-change and supply-cancellation requests from the signed-in area.
--
-- The requests themselves are rows of `requests` (0001; contact messages share it) with kind
-- 'name_change' or 'cancellation', status submitted | in_review | completed | rejected, the form's
-- fields as JSON in `payload` and the attached file's R2 key in `file_key`. This migration adds
-- the uploaded files and the rules the database itself must keep.

-- Every uploaded attachment. An upload is first a draft (request_id NULL): it survives a form that
-- is shown again because another field was wrong, so the customer is not asked for the file again.
-- The id is a random 128-bit capability that the form carries in a hidden field; only its owner
-- (user_id) can use it. Submitting links the draft to its request; unused drafts expire.
CREATE TABLE request_files (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  request_id INTEGER REFERENCES requests(id),
  r2_key TEXT NOT NULL UNIQUE,                 -- requests/{userId}/{random}.{ext}: never the uploader's name
  name TEXT NOT NULL,                          -- the uploader's file name, cleaned; shown, never used as a path
  content_type TEXT NOT NULL CHECK (content_type IN ('application/pdf','image/jpeg','image/png')),
  size INTEGER NOT NULL CHECK (size > 0),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL                     -- drafts only; a linked file is kept with its request
);
CREATE INDEX request_files_user ON request_files(user_id, created_at);
CREATE UNIQUE INDEX request_files_request ON request_files(request_id) WHERE request_id IS NOT NULL;

-- One file belongs to one request: a draft submitted twice (two tabs) makes one request.
CREATE UNIQUE INDEX requests_file_key ON requests(file_key) WHERE file_key IS NOT NULL;

-- At most one open (submitted or in review) name change and one open cancellation per supply,
-- kept by the database so that two concurrent submissions cannot both pass the check.
CREATE UNIQUE INDEX requests_open_per_supply ON requests(meter_id, kind)
  WHERE kind IN ('name_change','cancellation') AND status IN ('submitted','in_review');

CREATE INDEX requests_user ON requests(user_id, created_at);
