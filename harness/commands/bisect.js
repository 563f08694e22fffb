// `clonecheck bisect BUG|FINDING|PROGRAM --runtime bun|deno|node`: the last
// good and first bad release of a runtime for a bug of the ledger, a
// finding's deviation, or any deviation of a program (docs/bisect.md). The
// search and the probe are harness/bugs/bisect.js; this file reads the
// subject, checks the versions against the registry, prints each probe as it
// ends, and records the range in the bug's file.

import { existsSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  RegistryError, bisectVersions, bugJudge, findingJudge, programJudge, registryReleases, replayProbe,
} from '../bugs/bisect.js';
import { InputError, LEDGER_DIR, findBug, implementationOf, programNamed, readLedger, writeBug } from '../bugs/ledger.js';
import { compareVersions } from '../bugs/triage.js';
import { pinnedVersion, registryFamilies, registryPackage } from '../runtimes.js';
import { channelsOf } from '../targets/catalog.js';
import { EXIT, UsageError } from '../errors.js';
import { readProgram } from '../bugs/read-program.js';

/**
 * @typedef {object} Subject  what is bisected, and how a replay answers it
 * @property {'bug' | 'finding' | 'program'} kind
 * @property {string} name  as given
 * @property {any} program
 * @property {import('../bugs/bisect.js').Judge} judge
 * @property {string} question  what "bad" means, in words
 * @property {string} [runtime]  the family its target is of, when it has one
 * @property {string} [channel]  its own channel, the default
 * @property {string} [profile]  the spec profile a finding was judged against
 * @property {import('../bugs/ledger.js').Bug} [bug]
 */

/** @param {string} target `deno@2.7.14:worker` @returns {string} `worker` */
const channelOf = (target) => target.slice(target.lastIndexOf(':') + 1);

/**
 * A finding folder or program.json when there is such a file, else a bug of the ledger by id.
 * @param {string} name
 * @param {string} ledger
 * @returns {Subject}
 */
function readSubject(name, ledger) {
  if (existsSync(name)) {
    const { program, finding } = readProgram(name);
    if (finding !== undefined && typeof finding.target === 'string' && typeof finding.category === 'string') {
      return {
        kind: 'finding', name, program, judge: findingJudge(finding.category), question: `a root difference of the finding's category, ${finding.category}`,
        runtime: implementationOf(finding.target), channel: channelOf(finding.target), profile: finding.spec,
      };
    }
    return { kind: 'program', name, program, judge: programJudge, question: 'any deviation, crash or timeout', channel: 'clone' };
  }
  let bug;
  try {
    bug = findBug(readLedger(ledger), name);
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(`${error.message.replace(/;.*$/, '')} (${ledger}), and no file ${name}: give a bug id, a finding folder or a program.json`);
    throw error;
  }
  // A name an entry merged into it had means that entry's program (a question of the standard: one engine's).
  const { program, foundOn, root } = programNamed(bug, name);
  return {
    kind: 'bug', name: bug.id, program, judge: bugJudge(root), question: `its root, ${root.shape}`,
    runtime: implementationOf(foundOn), channel: channelOf(foundOn), bug,
  };
}

/** @param {string[]} versions @returns {string} at most six of them, and how many there are */
function someOf(versions) {
  return versions.length <= 6 ? versions.join(', ') : `${versions.slice(0, 3).join(', ')}, …, ${versions.slice(-2).join(', ')} (${versions.length} versions)`;
}

/** @param {import('../bugs/bisect.js').Probe} probe @returns {string} the line printed as a probe ends */
function probeLine({ version, verdict, detail, shows, tries, seconds }) {
  const count = tries > 1 ? ` ${shows}/${tries}` : '';
  const said = verdict === 'other' ? `other (neither good nor bad: skipped): ${detail}`
    : verdict === 'skipped' ? `skipped: ${detail}`
      : verdict === 'bad' ? `bad${count}: ${detail}` : `good${count}`;
  return `  ${version.padEnd(9)} ${`${seconds.toFixed(1)} s`.padStart(8)}  ${said}\n`;
}

/**
 * @param {string} given
 * @param {{runtime?: string, channel?: string, good?: string, bad?: string, tries: number, timeout: number, ledger?: string, json?: string}} raw
 *   commander's options (options.js)
 */
export async function bisectCommand(given, raw) {
  const started = performance.now();
  const ledger = raw.ledger ?? LEDGER_DIR;
  const subject = readSubject(given, ledger);

  const runtime = /** @type {'node' | 'bun' | 'deno' | undefined} */ (raw.runtime ?? (registryFamilies.includes(/** @type {any} */ (subject.runtime)) ? subject.runtime : undefined));
  if (runtime === undefined) throw new UsageError(`bisect needs --runtime ${registryFamilies.join(', ')}: the runtime whose releases are walked`);
  if (subject.kind === 'bug' && subject.runtime !== runtime) {
    throw new UsageError(`${subject.name} is a bug of ${subject.runtime}, not ${runtime}: bisect it with --runtime ${subject.runtime}, or bisect its program as a program.json`);
  }
  // A finding on another runtime (a bun finding bisected on deno) keeps clone, not its channel, which that runtime may lack.
  const channel = raw.channel ?? (subject.runtime === runtime ? subject.channel : undefined) ?? 'clone';
  if (!channelsOf(runtime).includes(channel)) throw new UsageError(`${runtime} has no channel '${channel}'; its channels: ${channelsOf(runtime).join(', ')}`);
  if (raw.good !== undefined && raw.bad !== undefined && compareVersions(raw.good, raw.bad) >= 0) {
    throw new UsageError(`--good ${raw.good} is not older than --bad ${raw.bad}`);
  }

  let versions;
  try {
    versions = await registryReleases(runtime);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    process.stderr.write(`clonecheck: ${error.message}\n`);
    return EXIT.infrastructure;
  }
  const bad = raw.bad ?? pinnedVersion(runtime);
  const good = raw.good;
  for (const [flag, version] of [['--bad', bad], ['--good', good]]) {
    if (version !== undefined && !versions.includes(version)) {
      throw new UsageError(`${flag} ${version}: the npm registry lists no ${runtime} release ${version} (plain x.y.z releases only: 'npm view ${registryPackage(runtime)} versions')`);
    }
  }
  if (good !== undefined && compareVersions(good, bad) >= 0) throw new UsageError(`--good ${good} is not older than the bad version ${bad}`);

  process.stdout.write(`clonecheck bisect ${subject.name} on ${runtime}:${channel}: bad means ${subject.question}\n`
    + `  ${versions.length} ${runtime} releases from ${versions[0]} to ${versions[versions.length - 1]}; bad ${bad}${raw.bad === undefined ? ' (pinned)' : ''}, `
    + `${good === undefined ? 'galloping back from it to a good one' : `good ${good}`}${raw.tries > 1 ? `; ${raw.tries} tries per version, bad if any shows it` : ''}\n`);
  let installs = 0;
  const probe = replayProbe({
    program: subject.program, runtime, channel, judge: subject.judge, timeoutMs: raw.timeout, profile: subject.profile,
    // The first and last line of each install; npm's progress every second would bury the probes.
    onInstall: (message) => {
      if (message.startsWith('installed ')) installs += 1;
      if (!message.startsWith(' ')) process.stderr.write(`clonecheck: ${message}\n`);
    },
  });
  const result = await bisectVersions({ versions, bad, good, tries: raw.tries, probe, onProbe: (p) => process.stdout.write(probeLine(p)) });

  const seconds = (performance.now() - started) / 1000;
  const [first] = result.probes;
  if (result.result === 'not-at-bad' && first.verdict === 'skipped') {
    process.stdout.write(`cannot probe the bad version ${bad}: ${first.detail}\n`);
    return EXIT.infrastructure;
  }
  if (result.result === 'range') {
    process.stdout.write(`last good ${result.lastGood}, first bad ${result.firstBad}\n`);
    if (result.untestable.length > 0) process.stdout.write(`  the first bad may also be any of ${someOf(result.untestable)}: other or skipped, so not told\n`);
  } else if (result.result === 'oldest') {
    process.stdout.write(`shows in every version back to the oldest probed, ${result.firstBad}`
      + `${result.untestable.length > 0 ? `; older ones probed were other or skipped: ${someOf(result.untestable)}` : ''}\n`);
  } else {
    process.stdout.write(`does not show at the bad version ${bad} (${first.verdict}${first.verdict === 'good' ? '' : `: ${first.detail}`}): nothing to bisect\n`);
  }
  process.stdout.write(`${result.probes.length} probes, ${installs} installs, ${seconds.toFixed(1)} s\n`);

  const versionsRecord = {
    runtime, channel, lastGood: result.lastGood, firstBad: result.firstBad,
    probes: result.probes.map(({ version, verdict }) => ({ version, verdict })),
  };
  if (subject.bug !== undefined) {
    const file = writeBug({ ...subject.bug, versions: versionsRecord }, ledger);
    process.stdout.write(`recorded in ${relative(process.cwd(), file)} (versions)\n`);
  }
  if (raw.json !== undefined) {
    writeFileSync(raw.json, `${JSON.stringify({
      schema: 'clonecheck/bisect@1', subject: subject.name, kind: subject.kind, ...versionsRecord,
      result: result.result, untestable: result.untestable, tries: raw.tries, probes: result.probes, seconds,
    }, null, 2)}\n`);
  }
  return EXIT.ok;
}
