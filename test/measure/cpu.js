// What the benchmarks that run whole commands measure besides the clock:
// the CPU their children used, which other load on a shared machine
// disturbs far less than elapsed time.

import { existsSync, readFileSync } from 'node:fs';

/**
 * The CPU seconds this process's finished children have used (Linux: the
 * cutime and cstime of /proc/self/stat, counted once a child is waited for);
 * undefined elsewhere.
 * @returns {number | undefined}
 */
export function childrenCPUSeconds() {
  if (!existsSync('/proc/self/stat')) return undefined;
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ');
  // cutime and cstime are fields 16 and 17 of the line, in clock ticks (USER_HZ, 100 on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
