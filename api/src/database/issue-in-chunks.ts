import { setImmediate as nextTurn } from 'node:timers/promises';

const WRITE_CHUNK_ROWS = 2000;

/**
 * Writes many rows a chunk at a time without waiting for the database between chunks: `issue` issues a
 * chunk's statements on the transaction (both drivers run a transaction's statements one at a time, in the
 * order issued), then the next chunk is built while the database works on the last. Resolves when every
 * statement has run; rejects with the first failure (the statements behind it fail with the transaction).
 */
export async function issueInChunks<T>(rows: readonly T[], issue: (chunk: readonly T[]) => Promise<unknown>[]): Promise<void> {
  const issued: Promise<unknown>[] = [];
  for (let start = 0; start < rows.length; start += WRITE_CHUNK_ROWS) {
    for (const statement of issue(rows.slice(start, start + WRITE_CHUNK_ROWS))) {
      // awaited below; this keeps a failure from counting as unhandled while later chunks are built
      statement.catch(() => undefined);
      issued.push(statement);
    }
    // an event-loop turn, so the driver sends the next queued statement as soon as the last one is done
    await nextTurn();
  }
  await Promise.all(issued);
}
