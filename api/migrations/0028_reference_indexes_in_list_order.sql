-- A reference's index goes on in the list's default order (orderIndexPaths in resources/src/list-indexes.ts): the records of one
-- parent (a template's mails, an actor's audit entries, a user's payments) come newest first from the index alone,
-- instead of sorting the whole group or walking the company's time index until the group turns up.
DROP INDEX IF EXISTS "event_guest_event_ref_event_id_idx";
CREATE INDEX IF NOT EXISTS "event_guest_event_ref_event_id_idx" ON "event_guest" (company_id, "event_ref_event_id", "module_attendance_state_put_at_unix", id);
DROP INDEX IF EXISTS "event_guest_user_ref_user_id_idx";
CREATE INDEX IF NOT EXISTS "event_guest_user_ref_user_id_idx" ON "event_guest" (company_id, "user_ref_user_id", "module_attendance_state_put_at_unix", id);
DROP INDEX IF EXISTS "timeslot_event_ref_event_id_idx";
CREATE INDEX IF NOT EXISTS "timeslot_event_ref_event_id_idx" ON "timeslot" (company_id, "event_ref_event_id", "start_unix", id);
DROP INDEX IF EXISTS "register_terminal_merchant_ref_merchant_id_idx";
CREATE INDEX IF NOT EXISTS "register_terminal_merchant_ref_merchant_id_idx" ON "register_terminal" (company_id, "merchant_ref_merchant_id", "name_full", id);
DROP INDEX IF EXISTS "product_merchant_ref_merchant_id_idx";
CREATE INDEX IF NOT EXISTS "product_merchant_ref_merchant_id_idx" ON "product" (company_id, "merchant_ref_merchant_id", ((doc #>> '{nameLocalized,full,en}')), id);
DROP INDEX IF EXISTS "payment_user_ref_user_id_idx";
CREATE INDEX IF NOT EXISTS "payment_user_ref_user_id_idx" ON "payment" (company_id, "user_ref_user_id", "state_put_at_unix", id);
DROP INDEX IF EXISTS "transaction_user_ref_user_id_idx";
CREATE INDEX IF NOT EXISTS "transaction_user_ref_user_id_idx" ON "transaction" (company_id, "user_ref_user_id", "state_put_at_unix", id);
DROP INDEX IF EXISTS "communication_mail_template_ref_template_id_idx";
CREATE INDEX IF NOT EXISTS "communication_mail_template_ref_template_id_idx" ON "communication_mail" (company_id, "template_ref_template_id", "state_put_at_unix", id);
DROP INDEX IF EXISTS "communication_sms_template_ref_template_id_idx";
CREATE INDEX IF NOT EXISTS "communication_sms_template_ref_template_id_idx" ON "communication_sms" (company_id, "template_ref_template_id", "state_put_at_unix", id);
DROP INDEX IF EXISTS "push_token_user_ref_user_id_idx";
CREATE INDEX IF NOT EXISTS "push_token_user_ref_user_id_idx" ON "push_token" (company_id, "user_ref_user_id", "meta_created_at", id);
DROP INDEX IF EXISTS "audit_log_actor_ref_user_id_idx";
CREATE INDEX IF NOT EXISTS "audit_log_actor_ref_user_id_idx" ON "audit_log" (company_id, "actor_ref_user_id", "at_unix", id);
DROP INDEX IF EXISTS "invoice_export_merchant_ref_merchant_id_idx";
CREATE INDEX IF NOT EXISTS "invoice_export_merchant_ref_merchant_id_idx" ON "invoice_export" (company_id, "merchant_ref_merchant_id", "meta_created_at", id);
