-- Verification codes in the SMS log are masked (api/src/communication/delivery/message-secrets.ts masks them as
-- messages are recorded): the messages recorded before of templates that carry a code get them masked too
UPDATE "communication_sms" SET doc = jsonb_set(doc, '{body}', to_jsonb(regexp_replace(doc ->> 'body', '(?<![0-9]|[0-9][.,:/-])[0-9]{4,8}(?![0-9]|[.,:/-][0-9])', '••••••', 'g')))
  WHERE jsonb_typeof(doc -> 'body') = 'string' AND template_ref_template_id IN (SELECT id FROM template WHERE doc ->> 'role' = 'mobile-verify');
