import { setImmediate as nextTurn } from 'node:timers/promises';

const WRITE_CHUNK_ROWS = 2000;
/** Chunks issued and not yet written, beyond the one being built. */
const CHUNKS_AHEAD = 2;

/**
 * Writes many rows a chunk at a time without waiting for the database between chunks: `issue` issues a
 * chunk's statements on the transaction (both drivers run a transaction's statements one at a time, in the
 * order issued), then the next chunk is built, or checked when `issue` is async, while the database works
 * on the last. Resolves when every statement has run; rejects with the first failed statement (the
 * statements behind it fail with the transaction), or else with what `issue` threw.
 */
export async function issueInChunks<T>(
  rows: readonly T[],
  issue: (chunk: readonly T[], start: number) => Promise<unknown>[] | Promise<Promise<unknown>[]>,
): Promise<void> {
  const issued: Promise<unknown>[] = [];
  const chunksInFlight: Promise<unknown>[] = [];
  try {
    for (let start = 0; start < rows.length; start += WRITE_CHUNK_ROWS) {
      const statements = await issue(rows.slice(start, start + WRITE_CHUNK_ROWS), start);
      for (const statement of statements) {
        // awaited below; this keeps a failure from counting as unhandled while later chunks are built
        statement.catch(() => undefined);
        issued.push(statement);
      }
      // the next chunk is built while the database writes this one, but no further ahead: queued statements hold
      // their parameters (a chunk's documents as JSON) until they run
      chunksInFlight.push(Promise.allSettled(statements));
      if (chunksInFlight.length > CHUNKS_AHEAD) await chunksInFlight.shift();
      // an event-loop turn, so the driver sends the next queued statement as soon as the last one is done
      await nextTurn();
    }
  } finally {
    // never leave statements running on the transaction, whatever happened
    await Promise.all(issued);
  }
}
