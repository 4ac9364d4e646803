-- Sign-in with a verified email (#35 §5): every person of an account (master, admin, user,
-- households too) may sign in with the email of the settings once that address is proven, that is
-- once a link sent to it was followed: the sign-up's activation link, the invitation's link or a
-- password-reset link. 1: the current registration_email is proven; 0: it is not (a sign-up not yet
-- activated, or an email changed in the settings since). The rows already here count as proven:
-- their people followed an activation or invitation link (an email changed in the settings before
-- this migration cannot be told apart; its next change or reset writes the flag), and a person not
-- yet activated cannot sign in whatever this says. So the default is 1; a sign-up inserts 0 and a
-- settings change of the email writes 0 (api/auth/service.ts, api/settings/service.ts).
ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 1 CHECK (email_verified IN (0, 1));
