CREATE TABLE IF NOT EXISTS "saved_view" (id text PRIMARY KEY, company_id text NOT NULL, doc jsonb NOT NULL);
ALTER TABLE "saved_view" ADD COLUMN IF NOT EXISTS "name_full" text GENERATED ALWAYS AS ((doc #>> '{name,full}')) STORED;
ALTER TABLE "saved_view" ADD COLUMN IF NOT EXISTS "shared" boolean GENERATED ALWAYS AS ((doc #>> '{shared}')::boolean) STORED;
ALTER TABLE "saved_view" ADD COLUMN IF NOT EXISTS "owner_ref_user_id" text GENERATED ALWAYS AS ((doc #>> '{ownerRef,userId}')) STORED;
CREATE INDEX IF NOT EXISTS "saved_view_company_idx" ON "saved_view" (company_id, id) INCLUDE ("name_full");
CREATE INDEX IF NOT EXISTS "saved_view_name_full_idx" ON "saved_view" (company_id, "name_full", id);
CREATE INDEX IF NOT EXISTS "saved_view_owner_ref_user_id_idx" ON "saved_view" (company_id, "owner_ref_user_id", "name_full", id);
CREATE INDEX IF NOT EXISTS "saved_view_model_name_full_idx" ON "saved_view" (company_id, ((doc #>> '{model}')), "name_full", id);
CREATE INDEX IF NOT EXISTS "saved_view_search_idx" ON "saved_view" USING gin ("name_full" public.gin_trgm_ops);
