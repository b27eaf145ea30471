import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by every PostgreSQL server process on this machine (backends, WAL writer, checkpointer,
 * autovacuum), from /proc; null where there is no /proc or no server (PGlite runs inside the API's own process).
 * Taken around one request, it says how long the database worked for it, whatever overlapped.
 */
export function postgresCpuSeconds(): number | null {
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // the command name is in parentheses and may hold spaces: the fields after it are counted from its end
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // the process ended while it was read
    }
  }
  return found ? ticks / TICKS_PER_SECOND : null;
}
