-- Batch communication (api/src/communication/batch): job tables, not resources. The item rows are the queue:
-- workers claim ready items with FOR UPDATE SKIP LOCKED (see api/src/communication/batch/README.md).
CREATE TABLE IF NOT EXISTS batch (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  created_by text NOT NULL,
  template_id text NOT NULL,
  template jsonb NOT NULL,
  kind text NOT NULL,
  chunk_size integer NOT NULL,
  runner text NOT NULL DEFAULT 'paused',
  pause_reason text,
  retry_at timestamptz,
  deliver_at timestamptz,
  worker_task_id text,
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX IF NOT EXISTS batch_company_idx ON batch (company_id, created_at);
CREATE INDEX IF NOT EXISTS batch_running_idx ON batch (created_at) WHERE runner = 'running';

CREATE TABLE IF NOT EXISTS batch_item (
  batch_id text NOT NULL,
  seq integer NOT NULL,
  company_id text NOT NULL,
  user_id text,
  recipient jsonb NOT NULL,
  state text NOT NULL DEFAULT 'ready',
  reason text,
  claim_id text,
  claimed_by text,
  provider_id text,
  finished_at timestamptz,
  PRIMARY KEY (batch_id, seq)
);
CREATE INDEX IF NOT EXISTS batch_item_ready_idx ON batch_item (batch_id, seq) WHERE state = 'ready';
CREATE INDEX IF NOT EXISTS batch_item_executing_idx ON batch_item (claimed_by) WHERE state = 'executing';

-- Workers say they are alive; items claimed by a worker that stopped saying so are resolved by another.
CREATE TABLE IF NOT EXISTS batch_worker (
  id text PRIMARY KEY,
  seen_at timestamptz NOT NULL DEFAULT now()
);
