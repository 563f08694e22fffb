// `clonecheck targets [--json]`: every target with its availability.

import { listTargets } from '../targets/catalog.js';
import { EXIT } from './common.js';

/** @param {{json?: boolean}} raw */
export async function targetsCommand(raw) {
  const rows = await listTargets();
  if (raw.json) {
    process.stdout.write(`${JSON.stringify({ schemaVersion: 1, targets: rows, impl: 'impl:PATH — an ES module whose default export is (value, {transfer, forStorage}) => clone (or a Promise of it)' }, null, 2)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const row of rows) {
    const status = row.available ? 'available  ' : 'unavailable';
    process.stdout.write(`${row.name.padEnd(width)}  ${status}  ${row.available ? row.description : row.reason}\n`);
  }
  process.stdout.write(`${'impl:PATH'.padEnd(width)}  (your code)  an ES module whose default export is (value, {transfer, forStorage}) => clone, or a Promise of it\n`);
  return EXIT.ok;
}
