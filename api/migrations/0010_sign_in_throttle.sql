-- Failed sign-ins are counted per email and client address, and per client address.
ALTER TABLE auth_failure ADD COLUMN IF NOT EXISTS address text NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS auth_failure_address_idx ON auth_failure (address, at);
