-- The payment list's exact total sums the per-day totals of its states, as the transaction list's does (0020): the
-- state and the totals in the index, so it reads no table pages.
DROP INDEX IF EXISTS finance_payment_day_idx;
CREATE INDEX IF NOT EXISTS finance_payment_day_idx ON finance_payment_day (company_id, day, state_id) INCLUDE (payment_type, total_count, total_cents, total_left_cents);
