-- The mail and SMS logs are searched by their recipients too (names and addresses, derived into `recipients` by the
-- write path): the search indexes are made again with that text, and the stored messages get it.
DROP INDEX IF EXISTS "communication_mail_search_idx";
DROP INDEX IF EXISTS "communication_sms_search_idx";
UPDATE "communication_mail" SET doc = jsonb_set(doc, '{recipients}', to_jsonb(coalesce((
  SELECT string_agg(nullif(concat_ws(' ', nullif(r ->> 'name', ''), nullif(r ->> 'email', '')), ''), ', ')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc -> 'to') = 'array' THEN doc -> 'to' ELSE '[]'::jsonb END) AS r), '')));
UPDATE "communication_sms" SET doc = jsonb_set(doc, '{recipients}', to_jsonb(coalesce((
  SELECT string_agg(nullif(concat_ws(' ', nullif(r ->> 'name', ''), nullif(r ->> 'phone', '')), ''), ', ')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc -> 'to') = 'array' THEN doc -> 'to' ELSE '[]'::jsonb END) AS r), '')));
CREATE INDEX IF NOT EXISTS "communication_mail_search_idx" ON "communication_mail" USING gin ("template_ref_template_id" public.text_ops, (doc #>> '{subject}') public.gin_trgm_ops, (doc #>> '{recipients}') public.gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "communication_sms_search_idx" ON "communication_sms" USING gin ("template_ref_template_id" public.text_ops, (doc #>> '{body}') public.gin_trgm_ops, (doc #>> '{recipients}') public.gin_trgm_ops);
