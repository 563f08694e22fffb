// `clonecheck targets [--json]`: every target with its availability
// (available, installable on first use, or unavailable and why), and the
// decoder targets of `clonecheck decode`.

import { listTargets } from '../targets/catalog.js';
import { userHosts } from '../targets/named.js';
import { decoderTargetRows } from '../decode/targets.js';
import { EXIT } from '../errors.js';

/** @param {{json?: boolean, runtime?: string[], browser?: string[]}} raw */
export async function targetsCommand(raw) {
  const { userRuntimes, userBrowsers } = userHosts(raw);
  const rows = await listTargets(userRuntimes, userBrowsers);
  const decoders = decoderTargetRows(userRuntimes, userBrowsers);
  if (raw.json) {
    process.stdout.write(`${JSON.stringify({
      schemaVersion: 1, targets: rows, impl: 'impl:PATH — an ES module whose default export is (value, {transfer, forStorage}) => clone (or a Promise of it)', decoders,
    }, null, 2)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const row of rows) {
    const status = (row.available ? 'available' : row.installable ? 'installable' : 'unavailable').padEnd(11);
    const runtime = row.version === undefined ? '' : ` [${row.runtime} ${row.version}]`;
    process.stdout.write(`${row.name.padEnd(width)}  ${status}  ${row.available ? `${row.description}${runtime}` : row.reason}\n`);
  }
  process.stdout.write(`${'impl:PATH'.padEnd(width)}  (your code)  an ES module whose default export is (value, {transfer, forStorage}) => clone, or a Promise of it\n`);
  // A decoder target runs where its runtime or browser does (above).
  process.stdout.write('\ndecoder targets (clonecheck decode, docs/strings.md):\n');
  const decoderWidth = Math.max(...decoders.map(({ name }) => name.length));
  for (const { name, description } of decoders) process.stdout.write(`${name.padEnd(decoderWidth)}  ${description}\n`);
  return EXIT.ok;
}
