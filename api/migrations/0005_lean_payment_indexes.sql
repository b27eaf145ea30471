-- Payments and audit entries are written in bulk (a refund bank file of 10 000 refunds updates 10 000 payments,
-- inserts 10 000 more and 20 000 audit entries); every index of a table is written for each of those rows.
-- These indexes served no list: a handful of values (payment type and state, audit model and action), amounts
-- only summed or sorted, and payment names. Their fields are now column-only (`indexed: 'column'`).
DROP INDEX IF EXISTS payment_name_full_idx;
ALTER TABLE "payment" DROP COLUMN IF EXISTS name_full;
DROP INDEX IF EXISTS payment_payment_type_idx;
DROP INDEX IF EXISTS payment_state_id_idx;
DROP INDEX IF EXISTS payment_amount_cents_idx;
DROP INDEX IF EXISTS payment_amount_left_cents_idx;
DROP INDEX IF EXISTS audit_log_model_idx;
DROP INDEX IF EXISTS audit_log_action_idx;
-- the refunds of a payment: only refund payments have the reference, so only they are in the index
DROP INDEX IF EXISTS payment_refund_of_ref_payment_id_idx;
CREATE INDEX IF NOT EXISTS payment_refund_of_idx ON "payment" (company_id, refund_of_ref_payment_id) WHERE refund_of_ref_payment_id IS NOT NULL;
