-- Tokens of Mailgun webhook calls already taken: a signed call replayed with the same token is refused.
-- Kept for the accepted age window only (api/src/communication/webhooks/mailgun-webhook.service.ts).
CREATE TABLE IF NOT EXISTS mailgun_webhook_token (token text PRIMARY KEY, seen_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS mailgun_webhook_token_seen_idx ON mailgun_webhook_token (seen_at);

-- Automatic sends already made, one row per trigger, cause and user: a cause sends its template once
-- (api/src/communication/triggers/trigger-sender.ts).
CREATE TABLE IF NOT EXISTS communication_trigger_sent (company_id text NOT NULL, role text NOT NULL, cause text NOT NULL, user_id text NOT NULL, sent_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (company_id, role, cause, user_id));
