CREATE TABLE IF NOT EXISTS "invoice_export" (id text PRIMARY KEY, company_id text NOT NULL, doc jsonb NOT NULL);
CREATE INDEX IF NOT EXISTS "invoice_export_company_idx" ON "invoice_export" (company_id, id);
ALTER TABLE "invoice_export" ADD COLUMN IF NOT EXISTS "merchant_ref_merchant_id" text GENERATED ALWAYS AS ((doc #>> '{merchantRef,merchantId}')) STORED;
CREATE INDEX IF NOT EXISTS "invoice_export_merchant_ref_merchant_id_idx" ON "invoice_export" (company_id, "merchant_ref_merchant_id");
