-- Sign-in is by email: two active (not archived) users of a company with one email would lock one of them out.
-- A case-only difference counts as the same email. Archived accounts keep theirs, so older duplicates may stay
-- archived; on a database holding two active users with one email this fails and names the email.
CREATE UNIQUE INDEX IF NOT EXISTS user_active_email_unique ON "user" (company_id, lower(email_value)) WHERE meta_archived IS NOT TRUE;

-- The user overview answers with an exact total: this index holds every column its filters use, so the count is an
-- index-only scan instead of reading every user document (200 000 users: the documents are 30 times larger).
CREATE INDEX IF NOT EXISTS user_overview_idx ON "user" (company_id, meta_archived, email_anonymous, bracelet_state_id, meta_created_at, email_value);
-- third-party users are few: their list and total read only them
CREATE INDEX IF NOT EXISTS user_third_party_idx ON "user" (company_id, meta_created_at) WHERE (doc #> '{_projectSpecific,rights}') @> '["third-party"]'::jsonb;
