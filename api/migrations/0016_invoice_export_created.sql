ALTER TABLE "invoice_export" ADD COLUMN IF NOT EXISTS "meta_created_at" bigint GENERATED ALWAYS AS ((doc #>> '{meta,createdAt}')::bigint) STORED;
CREATE INDEX IF NOT EXISTS "invoice_export_meta_created_at_idx" ON "invoice_export" (company_id, "meta_created_at");
