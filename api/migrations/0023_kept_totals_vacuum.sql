-- The per-day totals are small tables that every write appends to and the compaction rewrites, and the list
-- totals read them with index-only scans, which visit the table for every page the visibility map does not mark.
-- Vacuumed after a few per cent of changes rather than autovacuum's default fifth, the map stays current.
ALTER TABLE finance_transaction_day SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05);
ALTER TABLE finance_payment_day SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05);
