// The main job, what `clonecheck` does without arguments: a short gate on
// every implementation available here (the reference's tiers, each runtime's
// and browser's own structuredClone, QuickJS-ng's serializer), a short fuzz
// campaign across every available target appended to a history, and the
// dashboard of that history; it prints where the page is. A few minutes on
// two cores. The campaign is a number of cases on each target, not a time,
// so that one seed gives one verdict on a slow machine and a fast one; its
// units shrink nothing, and after triage what no known bug explains is
// shrunk (nightly --shrink unexplained): it prints bugs, known and new,
// not a wall of unshrunk findings.

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expectationsFile } from '../conform/expectations.js';
import { conformTargetOf } from '../gate/gate.js';
import { resolveRuntime } from '../runtimes.js';
import { EXPECTATIONS_DIR } from '../conform/files.js';
import { EXIT, UsageError } from '../errors.js';
import { dashboardCommand } from './dashboard.js';
import { gateCommand } from './gate.js';
import { availableTargets, nightlyCommand } from './nightly.js';

/**
 * The main job's gate: one target per implementation, its `clone` channel
 * (the module targets have only that one; QuickJS-ng has no structuredClone,
 * its serializer is `quickjs:message`), held to its recorded expectations.
 * One with none (a version installed on demand: node@20 after `repro
 * --target node@20:clone`) would fail every test it does not pass, so it is
 * fuzzed but not gated.
 * @param {string[]} available target names
 * @param {string} expectationsDir
 * @returns {{gated: string[], ungated: string[]}}
 */
export function gateTargetsOf(available, expectationsDir) {
  const implementations = available.filter((name) => name === 'ref:tiers' || name === 'quickjs:message'
    || (!/^(ref|polyfill|impl):/.test(name) && name === `${conformTargetOf(name)}:clone`));
  const recorded = (/** @type {string} */ name) => existsSync(expectationsFile(expectationsDir, conformTargetOf(name)));
  return { gated: implementations.filter(recorded), ungated: implementations.filter((name) => !recorded(name)) };
}

/**
 * The campaign's hard limit: past 1.2 times it and a minute, it has no result (nightly --runs). Far above what it takes
 * (docs/gate.md): a machine under load takes longer, and only a hung campaign should lose its verdict to the clock.
 */
const CAMPAIGN_LIMIT_S = 1800;

/**
 * QuickJS-ng's agent embeds clonecheck's own code (harness/native/build.js),
 * so its cached build is stale after an edit to src/ or portable/, and the
 * target listing would leave the quickjs targets out without a word. Built
 * here (setup.sh builds it on a fresh machine), or the job says why not.
 */
async function buildQuickjsAgent() {
  try {
    await resolveRuntime('quickjs', { install: true, onInstall: (message) => process.stderr.write(`clonecheck: ${message}\n`) });
  } catch (error) {
    process.stderr.write(`clonecheck: the quickjs targets are left out: ${String(/** @type {Error} */ (error).message).split('\n')[0]}\n`);
  }
}

/**
 * @param {{out: string, campaignRuns: number, runs: number, workers: number, timeout: number}} raw
 */
export async function mainCommand(raw) {
  const out = resolve(raw.out);
  await buildQuickjsAgent();
  const every = await availableTargets([], []);
  const { gated: gateTargets, ungated } = gateTargetsOf(every, EXPECTATIONS_DIR);
  const campaign = every.filter((name) => !name.startsWith('polyfill:') && name !== 'ref:spec');
  process.stderr.write(`clonecheck: the main job: a gate on ${gateTargets.length} targets, a fuzz of ${raw.campaignRuns} cases on each of ${campaign.length}, then the dashboard (${out})\n`);
  for (const name of ungated) {
    process.stderr.write(`clonecheck: ${name} is fuzzed but not gated: no expectations recorded for it (clonecheck conform --target ${conformTargetOf(name)} --update-expectations records them)\n`);
  }
  let gate;
  try {
    gate = await gateCommand({
      target: gateTargets, budget: 900, seed: 1, runs: raw.runs, workers: raw.workers, timeout: raw.timeout,
      out: join(out, 'gate'), json: join(out, 'gate.json'),
    });
  } catch (error) {
    // A runtime or browser that fails to start costs the gate its verdict, not the campaign and the dashboard.
    if (error instanceof UsageError) throw error;
    process.stderr.write(`clonecheck: the gate has no verdict: ${String(error.message).split('\n')[0]}\n`);
    gate = EXIT.infrastructure;
  }
  // Ctrl-C during the gate ends the job: the campaign would only be interrupted as it starts.
  if (gate === EXIT.interrupted) return gate;
  const conformResults = join(out, 'gate', 'conform.json');
  const nightly = await nightlyCommand({
    target: campaign, budget: CAMPAIGN_LIMIT_S, runs: raw.campaignRuns, shrink: 'unexplained', seed: Number(new Date().toISOString().slice(0, 10).replace(/-/g, '')), seeds: 1, shard: '1/1',
    history: join(out, 'history'), out: join(out, 'nightly'), conformResults: existsSync(conformResults) ? conformResults : undefined, workers: raw.workers, timeout: raw.timeout,
  });
  await dashboardCommand({ history: join(out, 'history'), out: join(out, 'dashboard') });
  process.stdout.write(`\nclonecheck: gate ${gate === EXIT.ok ? 'passed' : gate === EXIT.findings ? 'FAILED (above: what regressed and how to reproduce it)' : 'gave no verdict'}; `
    + `fuzz ${nightly === EXIT.ok ? 'met no new bug' : nightly === EXIT.findings ? 'met a new or regressed bug (above: its report and repro)' : 'gave no verdict (above: the targets that did not run their cases)'}\n`
    + `the dashboard: ${pathToFileURL(join(out, 'dashboard', 'index.html')).href}\n`);
  return Math.max(gate, nightly);
}
