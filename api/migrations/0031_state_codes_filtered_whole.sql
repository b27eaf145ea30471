-- Event guests' attendance states are the app's codes (the field option `code`): their filter matches the whole code
-- through the btree on the state, no longer what it contains through trigrams
DROP INDEX IF EXISTS "event_guest_module_attendance_state_id_trgm_idx";
