-- Idempotency-Key of writes that move money or send messages (api/src/idempotency): the first answer, kept 24 h
CREATE TABLE IF NOT EXISTS idempotency_key (
  user_id text NOT NULL,
  key text NOT NULL,
  company_id text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX IF NOT EXISTS idempotency_key_created_idx ON idempotency_key (created_at);

-- Leases (api/src/database/lease.ts): one holder at a time of a domain action that calls out, such as an invoice export
CREATE TABLE IF NOT EXISTS lease (
  name text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
