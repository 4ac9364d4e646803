-- Messages and pop-ups in both languages (#35 §4): until now the inbox's messages and a person's
-- pop-up stored one text, Greek, and English pages showed it in Greek. Each gets its English
-- text beside the Greek one; the API answers in the request's language (the Language header) and
-- falls back to the Greek text where no English exists (NULL: rows written before this).
-- Notices and banners already hold both (title_el/title_en, 0007 and 0001).
ALTER TABLE messages ADD COLUMN title_en TEXT;
ALTER TABLE messages ADD COLUMN content_en TEXT;
ALTER TABLE users ADD COLUMN popup_title_en TEXT;
ALTER TABLE users ADD COLUMN popup_body_en TEXT;
ALTER TABLE users ADD COLUMN popup_button_title_en TEXT;
