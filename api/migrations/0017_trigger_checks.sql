-- Automatic-send checks still to run (api/src/communication/triggers/trigger-checks.ts). A check is written in the
-- transaction of the write that causes it, so it exists exactly when that write committed, and it outlives a
-- restart. claimed_until: not to be taken before then (a process is running it, or it waits to be retried).
CREATE TABLE IF NOT EXISTS communication_trigger_check (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  kind text NOT NULL,
  subject text NOT NULL,
  actor_id text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  due_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0
);
-- one waiting check per kind and subject: a bulk write touching one subject many times checks it once
CREATE UNIQUE INDEX IF NOT EXISTS communication_trigger_check_waiting_idx ON communication_trigger_check (company_id, kind, subject) WHERE claimed_until IS NULL;
CREATE INDEX IF NOT EXISTS communication_trigger_check_due_idx ON communication_trigger_check (due_at);

-- Signed webhook calls already taken, per provider (Mailgun's token, the SMS provider's JWT id): a replay is
-- refused. Kept for the accepted age window only (api/src/communication/webhooks/replay-tokens.ts).
CREATE TABLE IF NOT EXISTS webhook_replay_token (provider text NOT NULL, token text NOT NULL, seen_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (provider, token));
CREATE INDEX IF NOT EXISTS webhook_replay_token_seen_idx ON webhook_replay_token (seen_at);
DROP TABLE IF EXISTS mailgun_webhook_token;
