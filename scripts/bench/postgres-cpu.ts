import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU seconds (user and system) used so far by this machine's PostgreSQL processes (the
 * backends serving the API and the background writers), or null when there is no PostgreSQL here
 * to read (another host, or no /proc). PostgreSQL shares the cores with the API in the metering
 * benchmark, so what a charge costs the database is part of what metering costs.
 * A backend that exits (a pool's idle connection closed) leaves its time with the postmaster,
 * which reaps it: the children's times of stat(5) keep the sum from falling.
 */
export function postgresCpuSeconds(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state …": comm may hold spaces, so the fields are read after its closing parenthesis.
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    // utime, stime, cutime and cstime are fields 14–17 of stat(5); fields[0] here is field 3 (state).
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    found = true;
  }
  return found ? ticks / TICKS_PER_SECOND : null;
}
