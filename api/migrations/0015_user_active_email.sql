-- Sign-in is by email: two active (not archived) users of a company with one email would lock one of them out.
-- A case-only difference counts as the same email. Archived accounts keep theirs, so older duplicates may stay
-- archived; on a database holding two active users with one email this fails and names the email.
CREATE UNIQUE INDEX IF NOT EXISTS user_active_email_unique ON "user" (company_id, lower(email_value)) WHERE meta_archived IS NOT TRUE;
