-- Tables that are not resources: migrations bookkeeping is created by the runner itself.
CREATE TABLE IF NOT EXISTS auth_session (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL,
  company_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS auth_session_user_idx ON auth_session (user_id);

CREATE TABLE IF NOT EXISTS auth_failure (
  email text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS auth_failure_email_idx ON auth_failure (email, at);

CREATE TABLE IF NOT EXISTS image_blob (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  variant text NOT NULL DEFAULT 'original',
  mime text NOT NULL,
  bytes bytea NOT NULL
);
