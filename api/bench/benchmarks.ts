import { batchSend } from './batch-send.bench';
import { cursorPages } from './cursor-pages.bench';
import { financeBankFile } from './finance-bank-file.bench';
import { exportStream } from './export.bench';
import { financeOverview } from './finance-overview.bench';
import { importRows } from './import.bench';
import { listCombinations } from './list-combinations.bench';
import { listShapes } from './list-shapes.bench';
import { loopDelayUnderRenders } from './loop-delay.bench';
import { merchantLive } from './merchant-live.bench';
import { searchEverything } from './search.bench';
import { transactionList } from './transaction-list.bench';
import { userList } from './user-list.bench';
import type { Benchmark } from './types';

/**
 * Every benchmark `npm run bench` runs, in order. A new one (merchant live read, finance overview,
 * bank files, ...) is a file in api/bench/ exporting a Benchmark, added here.
 */
export const BENCHMARKS: readonly Benchmark[] = [transactionList, listShapes, listCombinations, merchantLive, financeOverview, financeBankFile, exportStream, importRows, batchSend, userList, cursorPages, loopDelayUnderRenders, searchEverything];
