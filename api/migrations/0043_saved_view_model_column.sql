ALTER TABLE "saved_view" ADD COLUMN IF NOT EXISTS "model" text GENERATED ALWAYS AS ((doc #>> '{model}')) STORED;
-- the index 0042 made on the document's model, now on the column (a walk of it reads no row)
DROP INDEX IF EXISTS "saved_view_model_name_full_idx";
CREATE INDEX IF NOT EXISTS "saved_view_model_name_full_idx" ON "saved_view" (company_id, "model", "name_full", id);
