-- SMS states are a closed set (SMS_STATE_LABELS): their filter picks states through the btree on state_id,
-- no longer a text search through trigrams
DROP INDEX IF EXISTS "communication_sms_state_id_trgm_idx";
