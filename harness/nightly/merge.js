// `clonecheck merge`: the shards of one campaign (the same seed, seeds,
// shard count and targets; each shard once) made into one run, whose units
// are all of theirs and whose totals and findings are derived from them as
// a run's are (run.js nightlyDocument).

import { InputError } from '../bugs/ledger.js';
import { mergeTriageDocuments } from '../bugs/triage.js';
import { nightlyDocument } from './run.js';

/**
 * @param {{file: string, document: any}[]} shards
 * @returns {any} the merged nightly document
 * @throws {InputError} shards of different campaigns, or a shard twice
 */
export function mergeShards(shards) {
  const [{ file: firstFile, document: first }] = shards;
  const campaign = (/** @type {any} */ d) => JSON.stringify([d.seed, d.seeds, d.shardCount, d.runs, d.campaign]);
  const seen = new Set();
  for (const { file, document } of shards) {
    if (campaign(document) !== campaign(first)) {
      throw new InputError(`${file} is from another campaign than ${firstFile} (seed, seeds, shard count, runs or targets differ); merge the shards of one campaign`);
    }
    for (const shard of document.shards) {
      if (seen.has(shard)) throw new InputError(`${file} has shard ${shard}/${first.shardCount} again; give each shard once`);
      seen.add(shard);
    }
  }
  const documents = shards.map((s) => s.document);
  const { bugs, renamed } = mergeTriageDocuments(documents.map((d) => d.bugs));
  // A proposed bug folded into another shard's, or renamed: its findings name the merged one.
  documents.forEach((d, i) => {
    for (const unit of d.units) for (const f of unit.findings ?? []) if (renamed[i].has(f.bug)) f.bug = renamed[i].get(f.bug);
  });
  const merged = nightlyDocument({
    startedAt: documents.map((d) => d.startedAt).sort()[0],
    elapsedMs: Math.max(...documents.map((d) => d.elapsedMs)),
    triageMs: documents.reduce((sum, d) => sum + (d.triageMs ?? 0), 0),
    bugs,
    replayedOn: documents.flatMap((d) => d.replayedOn ?? []),
    seed: first.seed, seeds: first.seeds, shards: [...seen], shardCount: first.shardCount, budgetSeconds: first.budgetSeconds, runs: first.runs,
    targets: first.campaign,
    conform: documents.flatMap((d) => d.conform),
    conformError: documents.map((d) => d.conformError).find((e) => e !== null) ?? null,
    units: documents.flatMap((d) => d.units),
    skippedUnits: documents.flatMap((d) => d.skippedUnits),
  });
  // A bench run (nightly --bench) is one shard's, timed on its machine: kept as it is, not merged.
  const bench = documents.find((d) => d.bench !== undefined)?.bench;
  return bench === undefined ? merged : { ...merged, bench };
}
