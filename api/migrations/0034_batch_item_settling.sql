-- Batch items whose hand-off got no answer (api/src/communication/batch/README.md): such an item stays executing until
-- settles_at, when the provider's own record of it is final and may be asked; an item the record cannot settle becomes
-- 'uncertain' for a person, whose decision (mark as sent, send again) names them in decided_by.
ALTER TABLE batch_item ADD COLUMN IF NOT EXISTS settles_at timestamptz;
ALTER TABLE batch_item ADD COLUMN IF NOT EXISTS decided_by text;
CREATE INDEX IF NOT EXISTS batch_item_uncertain_idx ON batch_item (batch_id, seq) WHERE state = 'uncertain';
