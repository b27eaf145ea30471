-- Tokens of Mailgun webhook calls already taken: a signed call replayed with the same token is refused.
-- Kept for the accepted age window only (api/src/communication/webhooks/mailgun-webhook.service.ts).
CREATE TABLE IF NOT EXISTS mailgun_webhook_token (token text PRIMARY KEY, seen_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS mailgun_webhook_token_seen_idx ON mailgun_webhook_token (seen_at);
