-- Secrets the product makes for itself, the same for every API process (api/src/common/signed-links.ts signs the
-- public addresses of mail images and self-service menus with one)
CREATE TABLE IF NOT EXISTS app_secret (
  name text PRIMARY KEY,
  value text NOT NULL
);
