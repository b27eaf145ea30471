-- The transaction list's exact total sums the per-day totals of its states on every request: with the state and
-- the totals in the index it reads no table pages.
DROP INDEX IF EXISTS finance_transaction_day_idx;
CREATE INDEX IF NOT EXISTS finance_transaction_day_idx ON finance_transaction_day (company_id, day, state_id) INCLUDE (total_count, total_cents);
