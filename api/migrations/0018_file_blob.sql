-- Uploaded files that are not images (the users' CVs, company setting userFileCv). Like image_blob, the bytes live in
-- the database, with the name the file was uploaded under; a user's file.cv holds the id.
CREATE TABLE IF NOT EXISTS file_blob (
  id text PRIMARY KEY,
  company_id text NOT NULL,
  name text NOT NULL,
  mime text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
