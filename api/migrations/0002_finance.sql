-- Finance (issue 5): per-day totals for the finance overview, refund bank files, bulk payment runs.
--
-- The overview sums a year of transactions and payments. Summing the rows themselves takes a parallel
-- index-only scan over every row of the range (about 220 ms for a million transactions on two cores);
-- per-day totals make it a few thousand rows. Statement triggers with transition tables keep them:
-- each write statement appends its net change per (day, state) as one delta row, so writers never wait
-- on a shared counter row; FinanceRollups compacts the deltas of a company into one row per group.
-- Days are UTC days of state.put.at.unix; the overview reads the partial days at both ends from the rows.
-- Function bodies stay on one line: the migration runner splits statements at semicolons that end a line.

CREATE TABLE IF NOT EXISTS finance_transaction_day (
  company_id text NOT NULL,
  day integer NOT NULL,
  state_id text,
  total_count bigint NOT NULL,
  total_cents bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS finance_transaction_day_idx ON finance_transaction_day (company_id, day);

CREATE TABLE IF NOT EXISTS finance_payment_day (
  company_id text NOT NULL,
  day integer NOT NULL,
  payment_type text,
  state_id text,
  total_count bigint NOT NULL,
  total_cents bigint NOT NULL,
  total_left_cents bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS finance_payment_day_idx ON finance_payment_day (company_id, day);

INSERT INTO finance_transaction_day (company_id, day, state_id, total_count, total_cents)
  SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, state_id, count(*), coalesce(sum(amount_cents), 0)
  FROM "transaction" WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3;

INSERT INTO finance_payment_day (company_id, day, payment_type, state_id, total_count, total_cents, total_left_cents)
  SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, payment_type, state_id, count(*), coalesce(sum(amount_cents), 0), coalesce(sum(amount_left_cents), 0)
  FROM "payment" WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3, 4;

CREATE OR REPLACE FUNCTION finance_transaction_day_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO finance_transaction_day (company_id, day, state_id, total_count, total_cents) SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, state_id, count(*), coalesce(sum(amount_cents), 0) FROM new_rows WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3; ELSIF TG_OP = 'DELETE' THEN INSERT INTO finance_transaction_day (company_id, day, state_id, total_count, total_cents) SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, state_id, -count(*), -coalesce(sum(amount_cents), 0) FROM old_rows WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3; ELSE INSERT INTO finance_transaction_day (company_id, day, state_id, total_count, total_cents) SELECT company_id, day, state_id, sum(n), sum(c) FROM (SELECT company_id, floor(state_put_at_unix / 86400.0)::integer AS day, state_id, -1 AS n, -coalesce(amount_cents, 0) AS c FROM old_rows WHERE state_put_at_unix IS NOT NULL UNION ALL SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, state_id, 1, coalesce(amount_cents, 0) FROM new_rows WHERE state_put_at_unix IS NOT NULL) AS delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(c) <> 0; END IF; RETURN NULL; END $$;

CREATE OR REPLACE FUNCTION finance_payment_day_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO finance_payment_day (company_id, day, payment_type, state_id, total_count, total_cents, total_left_cents) SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, payment_type, state_id, count(*), coalesce(sum(amount_cents), 0), coalesce(sum(amount_left_cents), 0) FROM new_rows WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3, 4; ELSIF TG_OP = 'DELETE' THEN INSERT INTO finance_payment_day (company_id, day, payment_type, state_id, total_count, total_cents, total_left_cents) SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, payment_type, state_id, -count(*), -coalesce(sum(amount_cents), 0), -coalesce(sum(amount_left_cents), 0) FROM old_rows WHERE state_put_at_unix IS NOT NULL GROUP BY 1, 2, 3, 4; ELSE INSERT INTO finance_payment_day (company_id, day, payment_type, state_id, total_count, total_cents, total_left_cents) SELECT company_id, day, payment_type, state_id, sum(n), sum(c), sum(l) FROM (SELECT company_id, floor(state_put_at_unix / 86400.0)::integer AS day, payment_type, state_id, -1 AS n, -coalesce(amount_cents, 0) AS c, -coalesce(amount_left_cents, 0) AS l FROM old_rows WHERE state_put_at_unix IS NOT NULL UNION ALL SELECT company_id, floor(state_put_at_unix / 86400.0)::integer, payment_type, state_id, 1, coalesce(amount_cents, 0), coalesce(amount_left_cents, 0) FROM new_rows WHERE state_put_at_unix IS NOT NULL) AS delta GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(c) <> 0 OR sum(l) <> 0; END IF; RETURN NULL; END $$;

CREATE OR REPLACE FUNCTION finance_day_truncate() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_TABLE_NAME = 'transaction' THEN DELETE FROM finance_transaction_day; ELSE DELETE FROM finance_payment_day; END IF; RETURN NULL; END $$;

DROP TRIGGER IF EXISTS finance_transaction_day_insert ON "transaction";
CREATE TRIGGER finance_transaction_day_insert AFTER INSERT ON "transaction" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_transaction_day_change();
DROP TRIGGER IF EXISTS finance_transaction_day_update ON "transaction";
CREATE TRIGGER finance_transaction_day_update AFTER UPDATE ON "transaction" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_transaction_day_change();
DROP TRIGGER IF EXISTS finance_transaction_day_delete ON "transaction";
CREATE TRIGGER finance_transaction_day_delete AFTER DELETE ON "transaction" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_transaction_day_change();
DROP TRIGGER IF EXISTS finance_transaction_day_truncate ON "transaction";
CREATE TRIGGER finance_transaction_day_truncate AFTER TRUNCATE ON "transaction" FOR EACH STATEMENT EXECUTE FUNCTION finance_day_truncate();

DROP TRIGGER IF EXISTS finance_payment_day_insert ON "payment";
CREATE TRIGGER finance_payment_day_insert AFTER INSERT ON "payment" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_payment_day_change();
DROP TRIGGER IF EXISTS finance_payment_day_update ON "payment";
CREATE TRIGGER finance_payment_day_update AFTER UPDATE ON "payment" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_payment_day_change();
DROP TRIGGER IF EXISTS finance_payment_day_delete ON "payment";
CREATE TRIGGER finance_payment_day_delete AFTER DELETE ON "payment" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION finance_payment_day_change();
DROP TRIGGER IF EXISTS finance_payment_day_truncate ON "payment";
CREATE TRIGGER finance_payment_day_truncate AFTER TRUNCATE ON "payment" FOR EACH STATEMENT EXECUTE FUNCTION finance_day_truncate();

-- the refund screen: completed payments with leftover credit, by time
CREATE INDEX IF NOT EXISTS payment_refundable_idx ON "payment" (company_id, state_put_at_unix) WHERE state_id = 'completed' AND amount_left_cents > 0;
-- refunds by bank account waiting for the next bank file
CREATE INDEX IF NOT EXISTS payment_bank_queue_idx ON "payment" (company_id, id) WHERE payment_type = 'refund' AND state_id = 'pending';

-- refund bank files, kept so they can be downloaded again
CREATE TABLE IF NOT EXISTS finance_bank_file (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  content bytea NOT NULL,
  file_count integer NOT NULL,
  transfer_count integer NOT NULL,
  refund_count integer NOT NULL,
  total_cents bigint NOT NULL,
  summary jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS finance_bank_file_company_idx ON finance_bank_file (company_id, created_at);

-- bulk payment runs (sync, relink, bank number fetch, refunds) with a status per row; they resume after a restart
CREATE TABLE IF NOT EXISTS finance_bulk_run (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  action text NOT NULL,
  status text NOT NULL,
  actor jsonb NOT NULL,
  concurrency integer NOT NULL,
  wait_ms integer NOT NULL,
  message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS finance_bulk_run_company_idx ON finance_bulk_run (company_id, created_at);
CREATE INDEX IF NOT EXISTS finance_bulk_run_status_idx ON finance_bulk_run (status, heartbeat_at);

CREATE TABLE IF NOT EXISTS finance_bulk_item (
  run_id text NOT NULL,
  position integer NOT NULL,
  target_kind text NOT NULL,
  target_id text NOT NULL,
  label text,
  status text NOT NULL,
  message text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, position)
);
