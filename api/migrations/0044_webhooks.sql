CREATE TABLE IF NOT EXISTS "webhook" (id text PRIMARY KEY, company_id text NOT NULL, doc jsonb NOT NULL);
ALTER TABLE "webhook" ADD COLUMN IF NOT EXISTS "name_full" text GENERATED ALWAYS AS ((doc #>> '{name,full}')) STORED;
ALTER TABLE "webhook" ADD COLUMN IF NOT EXISTS "meta_archived" boolean GENERATED ALWAYS AS ((doc #>> '{meta,archived}')::boolean) STORED;
CREATE INDEX IF NOT EXISTS "webhook_company_idx" ON "webhook" (company_id, id) INCLUDE ("name_full");
CREATE INDEX IF NOT EXISTS "webhook_name_full_idx" ON "webhook" (company_id, "name_full", id);
CREATE INDEX IF NOT EXISTS "webhook_meta_archived_idx" ON "webhook" (company_id, "meta_archived", id) INCLUDE ("name_full");
CREATE INDEX IF NOT EXISTS "webhook_search_idx" ON "webhook" USING gin ("meta_archived" public.bool_ops, "name_full" public.gin_trgm_ops);
-- Deliveries to webhook endpoints (api/src/webhooks): a queue, not a resource. A write adds its rows in its own
-- transaction; dispatchers claim due rows with FOR UPDATE SKIP LOCKED and keep each attempt and its answer.
CREATE TABLE IF NOT EXISTS webhook_delivery (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  webhook_id text NOT NULL,
  type text NOT NULL,
  record_id text,
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  attempt_count integer NOT NULL DEFAULT 0,
  attempts jsonb NOT NULL DEFAULT '[]',
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  delivered_at timestamptz
);
CREATE INDEX IF NOT EXISTS webhook_delivery_due_idx ON webhook_delivery (next_attempt_at) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS webhook_delivery_company_idx ON webhook_delivery (company_id, id);
CREATE INDEX IF NOT EXISTS webhook_delivery_webhook_idx ON webhook_delivery (company_id, webhook_id, id);
-- A batch that completes is a domain event of its company's endpoints: its deliveries are added in the transaction
-- that completes it, whichever worker process that is.
CREATE OR REPLACE FUNCTION webhook_batch_finished() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO webhook_delivery (id, company_id, webhook_id, type, record_id, payload) SELECT lpad(to_hex(extract(epoch FROM clock_timestamp())::bigint), 8, '0') || substr(md5(w.id || NEW.id || random()::text), 1, 16), NEW.company_id, w.id, 'batch.finished', NEW.id, jsonb_build_object('type', 'batch.finished', 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', jsonb_build_object('_id', NEW.id, 'kind', NEW.kind, 'templateId', NEW.template_id, 'total', NEW.total, 'runner', NEW.runner, 'startedAt', extract(epoch FROM NEW.started_at)::bigint, 'completedAt', extract(epoch FROM coalesce(NEW.completed_at, now()))::bigint, 'counts', coalesce((SELECT jsonb_object_agg(state, n) FROM (SELECT state, count(*) AS n FROM batch_item WHERE batch_id = NEW.id GROUP BY state) AS counted), '{}'::jsonb))) FROM "webhook" w WHERE w.company_id = NEW.company_id AND w.meta_archived IS NOT TRUE AND coalesce((w.doc ->> 'active')::boolean, true) AND (w.doc -> 'events') ? 'batch.finished'; RETURN NULL; END $$;
DROP TRIGGER IF EXISTS webhook_batch_finished ON batch;
CREATE TRIGGER webhook_batch_finished AFTER UPDATE OF runner ON batch FOR EACH ROW WHEN (NEW.runner = 'completed' AND OLD.runner IS DISTINCT FROM 'completed') EXECUTE FUNCTION webhook_batch_finished();
