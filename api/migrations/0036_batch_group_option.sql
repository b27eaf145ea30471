-- The group option a batch was made with: who may run, pause or decide on a batch are the roles that may make it
-- with that option (api/src/communication/batch/batch.service.ts); batches made before hold none (super admins only)
ALTER TABLE batch ADD COLUMN IF NOT EXISTS group_option text;
