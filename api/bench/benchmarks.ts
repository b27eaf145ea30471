import { financeBankFile } from './finance-bank-file.bench';
import { financeOverview } from './finance-overview.bench';
import { merchantLive } from './merchant-live.bench';
import { transactionList } from './transaction-list.bench';
import { userList } from './user-list.bench';
import type { Benchmark } from './types';

/**
 * Every benchmark `npm run bench` runs, in order. A new one (merchant live read, finance overview,
 * bank files, ...) is a file in api/bench/ exporting a Benchmark, added here.
 */
export const BENCHMARKS: readonly Benchmark[] = [transactionList, merchantLive, financeOverview, financeBankFile, userList];
