// The browsers' watchdog: a small process that outlives clonecheck to end
// what clonecheck started when clonecheck itself is killed (kill -9, a
// crash), which no exit handler survives. sessions.js starts it in a process
// group of its own and writes to its stdin one line per process group:
// `+GROUP` when a browser (or its driver, or its X server) has started,
// `-GROUP` when clonecheck has ended it itself. When stdin closes, clonecheck
// is gone (or done): every group still listed is killed, and so is this.

import { createInterface } from 'node:readline';

/** @type {Set<number>} */
const groups = new Set();
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const group = Number(line.slice(1));
  if (!Number.isInteger(group) || group <= 1) return;
  if (line.startsWith('+')) groups.add(group);
  else if (line.startsWith('-')) groups.delete(group);
});
lines.on('close', () => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  process.exit(0);
});
