-- AI image suggestions: one request per second per user, kept in the database so that every API process counts
-- the same requests (it was a map in each process's memory, so N processes allowed N a second).
CREATE TABLE IF NOT EXISTS ai_image_request (user_id text PRIMARY KEY, last_at timestamptz NOT NULL);
