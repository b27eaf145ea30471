-- The user overview always filters on email.anonymous: each sort it offers gets an index that leads with it (the
-- user definition's composite indexes), which also serve the filter alone, so the flag's own index goes, and so do
-- the birthday's and the last activity's, which are sorted on within that filter only (sortNeedsFilter). Transactions sorted by
-- state go on in time (sortIndexPaths in resources/src/list-indexes.ts), served by the (state, time) index, which also
-- serves a filter on the state alone, so the state's own index goes. The overview's own index (0015) is now made from
-- the definition, and serves the archived filter, so the archived flag's own index goes.
DROP INDEX IF EXISTS "user_overview_idx";
DROP INDEX IF EXISTS "user_meta_archived_idx";
DROP INDEX IF EXISTS "user_email_anonymous_idx";
DROP INDEX IF EXISTS "user_birthday_unix_idx";
DROP INDEX IF EXISTS "user_meta_last_active_at_idx";
DROP INDEX IF EXISTS "transaction_state_id_idx";
CREATE INDEX IF NOT EXISTS "user_email_anonymous_meta_created_at_idx" ON "user" (company_id, "email_anonymous", "meta_created_at", id);
CREATE INDEX IF NOT EXISTS "user_email_anonymous_name_full_idx" ON "user" (company_id, "email_anonymous", "name_full", id);
CREATE INDEX IF NOT EXISTS "user_email_anonymous_email_value_idx" ON "user" (company_id, "email_anonymous", "email_value", id);
CREATE INDEX IF NOT EXISTS "user_email_anonymous_birthday_unix_idx" ON "user" (company_id, "email_anonymous", "birthday_unix", id);
CREATE INDEX IF NOT EXISTS "user_email_anonymous_meta_last_active_at_idx" ON "user" (company_id, "email_anonymous", "meta_last_active_at", id);
CREATE INDEX IF NOT EXISTS "user_meta_archived_email_anonymous_bracelet_state__ee43e8f1_idx" ON "user" (company_id, "meta_archived", "email_anonymous", "bracelet_state_id", "meta_created_at", "email_value", id);
