// The browsers' watchdog: a small process that outlives clonecheck to end
// what clonecheck started when clonecheck itself is killed (kill -9, a
// crash), which no exit handler survives. sessions.js starts it in a process
// group of its own, with clonecheck's pid, and writes to its stdin one line
// per process group: `+GROUP` when a browser (or its driver, or its X server)
// has started, `-GROUP` when clonecheck has ended it itself. A browser that
// is still starting has no group clonecheck knows of yet (Playwright says
// the pid once the browser is up), so the watchdog also looks, five times a
// second, for processes under clonecheck that lead groups of their own. A
// browser that starts between two looks and whose clonecheck is then killed
// is no longer under clonecheck when the watchdog looks again (it is init's
// now): so every process clonecheck starts after the watchdog carries a
// mark in its environment (sessions.js), and the watchdog's last
// look finds them by that (a kill -9 under load left a Firefox behind
// without it). When stdin closes, clonecheck is gone (or done): every group
// still listed is killed, and so is this.

import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';

const parent = Number(process.argv[2]);
/** `NAME=pid`: the variable sessions.js sets in clonecheck's environment, for every process it starts to inherit. */
const mark = process.argv[3];
const SCAN_INTERVAL_MS = 200;

/** @type {Set<number>} */
const groups = new Set();
/** @type {Set<number>} ended by clonecheck: never added again */
const ended = new Set();

/** @returns {Map<number, {parent: number, group: number}>} every process, by pid */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { parent: Number(fields[1]), group: Number(fields[2]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return table;
}

/** Adds the groups led by clonecheck's descendants (its own group and this one's are not to kill). */
function scan() {
  const table = processTable();
  const own = new Set([table.get(parent)?.group, table.get(process.pid)?.group]);
  const under = [parent];
  for (let i = 0; i < under.length; i++) {
    for (const [pid, { parent: up, group }] of table) {
      if (up !== under[i]) continue;
      under.push(pid);
      if (!own.has(group) && !ended.has(group)) groups.add(group);
    }
  }
}

/** Adds the groups of processes that carry clonecheck's mark, wherever they are now. */
function scanMarked() {
  const table = processTable();
  const own = new Set([table.get(process.pid)?.group, table.get(parent)?.group]);
  for (const [pid, { group }] of table) {
    if (own.has(group) || ended.has(group)) continue;
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(mark)) groups.add(group);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
}

const scanner = setInterval(scan, SCAN_INTERVAL_MS);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const group = Number(line.slice(1));
  if (!Number.isInteger(group) || group <= 1) return;
  if (line.startsWith('+')) groups.add(group);
  else if (line.startsWith('-')) {
    groups.delete(group);
    ended.add(group);
  }
});
lines.on('close', () => {
  clearInterval(scanner);
  scanMarked();
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  process.exit(0);
});
