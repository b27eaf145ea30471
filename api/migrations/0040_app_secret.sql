-- Secrets the product makes for itself, the same for every API process (api/src/images/public-image-links.ts signs
-- the image addresses that mail carries with one)
CREATE TABLE IF NOT EXISTS app_secret (
  name text PRIMARY KEY,
  value text NOT NULL
);
