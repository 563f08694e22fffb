// `clonecheck bisect BUG|FINDING|PROGRAM --runtime bun|deno|node`: the last
// good and first bad release of a runtime for a bug of the ledger, a
// finding's deviation, or any deviation of a program; or, when the newer end
// passes, the last bad and first good (the fix) (docs/bisect.md). The
// search and the probe are harness/bugs/bisect.js; this file reads the
// subject, checks the versions against the registry, prints each probe as it
// ends, and records the range in the bug's file (and with --update, a fix's
// version as the bug's fixedIn).

import { existsSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  RegistryError, bisectEitherWay, bugJudge, findingJudge, programJudge, registryReleases, replayProbe,
} from '../bugs/bisect.js';
import {
  InputError, LEDGER_DIR, channelTargetOf, findBug, implementationOf, programNamed, readAllBugs, writeBug,
} from '../bugs/ledger.js';
import { compareVersions } from '../../portable/families/versions.js';
import { decodeProbe } from '../decode/ledger-case.js';
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
 * @property {import('../bugs/ledger.js').Sighting[]} [sightings]  where the ledger replayed its program: a fix is
 *   bisected from the newest version it showed on
 * @property {import('../decode/ledger-case.js').DecodeCase} [decode]  a decoder's bug: its case, probed instead of a program
 *   on `<runtime>@<version>:<decoder>` (its channel is its decoder)
 * @property {import('../bugs/root.js').Root} [root]  a decoder's bug's root, which its probes are judged by
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
    const read = readProgram(name);
    if ('decode' in read) throw new UsageError(`${name} is a decoder's bug of the ledger: bisect it by its id (its file's path under corpus/bugs/, without .json)`);
    const { program, finding } = read;
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
    bug = findBug(readAllBugs(ledger), name);
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(`${error.message.replace(/;.*$/, '')} (${ledger}), and no file ${name}: give a bug id, a finding folder or a program.json`);
    throw error;
  }
  // A name an entry merged into it had means that entry's program (a question of the standard: one engine's).
  const named = programNamed(bug, name);
  const { program, decode, foundOn, root } = named;
  return {
    kind: 'bug', name: bug.id, program, judge: bugJudge(root), question: `its root, ${root.shape}`,
    runtime: implementationOf(foundOn), channel: channelOf(foundOn), bug, ...(decode === undefined ? {} : { decode, root }),
    // An alias's program has the sightings of the entry it was.
    sightings: 'was' in named ? /** @type {import('../bugs/ledger.js').AlsoShownBy} */ (named).shows ?? [] : bug.shows,
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
 * Which way to bisect and from where, from the flags: `--fix`, or a `--bad` older than `--good`, is a fix
 * bisection from the good end; a `--bad` given alone is an introduction's end; with neither, the pinned
 * version is the end and what it shows decides.
 * @param {{good?: string, bad?: string, fix?: boolean}} raw
 * @param {string} pinned
 * @returns {{direction: 'introduced' | 'fixed' | undefined, end: string, older: string | undefined}}
 */
export function directionOf({ good, bad, fix }, pinned) {
  if (good !== undefined && good === bad) throw new UsageError(`--good and --bad are both ${good}: give two versions`);
  if (fix || (good !== undefined && bad !== undefined && compareVersions(bad, good) < 0)) return { direction: 'fixed', end: good ?? pinned, older: bad };
  return { direction: bad === undefined ? undefined : 'introduced', end: bad ?? pinned, older: good };
}

/**
 * The newest version of the runtime's releases older than `end` on which the ledger saw the program show on
 * this channel: where a fix bisection starts without --bad.
 * @param {import('../bugs/ledger.js').Sighting[]} sightings
 * @param {string} target  `bun:clone`
 * @param {string[]} versions  the registry's
 * @param {string} end
 * @returns {string | undefined}
 */
export function lastSeenBefore(sightings, target, versions, end) {
  return sightings.filter((s) => s.shows && channelTargetOf(s.target) === target && s.version !== null && versions.includes(s.version)
    && compareVersions(s.version, end) < 0).map((s) => /** @type {string} */ (s.version)).sort(compareVersions).pop();
}

/**
 * A bug's versions record with one bisection's result in it: an introduction's range and a fix's (`fixed`) of one
 * runtime and channel are kept side by side; another runtime or channel starts the record again.
 * @param {import('../bugs/ledger.js').Bug['versions']} had
 * @param {string} runtime @param {string} channel
 * @param {object} found  an introduction's {lastGood, firstBad, probes}, or a fix's {fixed: {lastBad, firstGood, probes}}
 */
export function withBisection(had, runtime, channel, found) {
  const same = had !== null && had.runtime === runtime && had.channel === channel;
  return { ...(same ? had : { runtime, channel, lastGood: null, firstBad: null, probes: [] }), ...found };
}

/**
 * A bug's ledger entry after a bisection: its range in `versions`, and with `update`, a fix found marks an open (or
 * fixed) bug fixed in the first good release; a question of the standard or an intended behaviour keeps its status.
 * @param {import('../bugs/ledger.js').Bug} bug
 * @param {import('../bugs/bisect.js').Either} found
 * @param {{runtime: string, channel: string, update: boolean}} options
 * @returns {{bug: import('../bugs/ledger.js').Bug, fixedIn: string | null, marked: boolean}}  fixedIn: the fix found, if one was
 */
export function bisectedBug(bug, { direction, bisection }, { runtime, channel, update }) {
  const probes = bisection.probes.map(({ version, verdict }) => ({ version, verdict }));
  const record = direction === 'introduced' ? { lastGood: bisection.lastGood, firstBad: bisection.firstBad, probes }
    : { fixed: { lastBad: bisection.lastBad, firstGood: bisection.firstGood, probes } };
  const fixedIn = direction === 'fixed' && bisection.result === 'range' ? bisection.firstGood : null;
  const marked = update && fixedIn !== null && (bug.status === 'open' || bug.status === 'fixed');
  return { bug: { ...bug, ...(marked ? { status: 'fixed', fixedIn } : {}), versions: withBisection(bug.versions, runtime, channel, record) }, fixedIn, marked };
}

/**
 * @param {string} given
 * @param {{runtime?: string, channel?: string, good?: string, bad?: string, fix?: boolean, update?: boolean, tries: number, timeout: number,
 *   ledger?: string, json?: string}} raw
 *   commander's options (options.js)
 */
export async function bisectCommand(given, raw) {
  const started = performance.now();
  const ledger = raw.ledger ?? LEDGER_DIR;
  const subject = readSubject(given, ledger);
  if (raw.update && subject.bug === undefined) throw new UsageError(`--update records a fix in a bug's ledger entry; ${given} is a ${subject.kind}, not a bug of the ledger`);

  const runtime = /** @type {import('../../portable/families/index.js').RegistryFamily | undefined} */ (raw.runtime ?? (registryFamilies.includes(/** @type {any} */ (subject.runtime)) ? subject.runtime : undefined));
  if (runtime === undefined) throw new UsageError(`bisect needs --runtime ${registryFamilies.join(', ')}: the runtime whose releases are walked`);
  if (subject.kind === 'bug' && subject.runtime !== runtime) {
    throw new UsageError(`${subject.name} is a bug of ${subject.runtime}, not ${runtime}: bisect it with --runtime ${subject.runtime}, or bisect its program as a program.json`);
  }
  // A finding on another runtime (a bun finding bisected on deno) keeps clone, not its channel, which that runtime may lack.
  const channel = raw.channel ?? (subject.runtime === runtime ? subject.channel : undefined) ?? 'clone';
  if (subject.decode !== undefined) {
    if (channel !== subject.decode.decoder) throw new UsageError(`${subject.name} is a decoder's bug of ${subject.decode.decoder}: its probes decode with it, not on a channel (--channel)`);
  } else if (!channelsOf(runtime).includes(channel)) throw new UsageError(`${runtime} has no channel '${channel}'; its channels: ${channelsOf(runtime).join(', ')}`);
  const { direction, end, older } = directionOf(raw, pinnedVersion(runtime));

  let versions;
  try {
    versions = await registryReleases(runtime);
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    process.stderr.write(`clonecheck: ${error.message}\n`);
    return EXIT.infrastructure;
  }
  for (const [flag, version] of [['--bad', raw.bad], ['--good', raw.good]]) {
    if (version !== undefined && !versions.includes(version)) {
      throw new UsageError(`${flag} ${version}: the npm registry lists no ${runtime} release ${version} (plain x.y.z releases only: 'npm view ${registryPackage(runtime)} versions')`);
    }
  }
  const [endFlag, olderFlag] = direction === 'fixed' ? ['good', '--bad'] : ['bad', '--good'];
  if (older !== undefined && compareVersions(older, end) >= 0) throw new UsageError(`${olderFlag} ${older} is not older than the ${endFlag} version ${end}`);
  // Where the ledger saw it, for a fix: the search starts there rather than galloping back from the good end.
  const seen = lastSeenBefore(subject.sightings ?? [], `${runtime}:${channel}`, versions, end);
  const bad = direction === 'fixed' ? older ?? seen : seen;

  const pinned = raw[/** @type {'good' | 'bad'} */ (endFlag)] === undefined ? ' (pinned)' : '';
  const from = bad === undefined ? 'galloping back from it to a bad one' : `bad ${bad}${bad === seen && raw.bad === undefined ? ', where the ledger saw it last' : ''}`;
  process.stdout.write(`clonecheck bisect ${subject.name} on ${runtime}:${channel}: bad means ${subject.question}\n`
    + `  ${versions.length} ${runtime} releases from ${versions[0]} to ${versions[versions.length - 1]}; `
    + (direction === 'fixed' ? `looking for its fix: good ${end}${pinned}, ${from}`
      : `bad ${end}${pinned}, ${older === undefined ? 'galloping back from it to a good one' : `good ${older}`}`
        + (direction === undefined ? `; if it passes there, its fix: ${from}` : ''))
    + `${raw.tries > 1 ? `; ${raw.tries} tries per version, bad if any shows it` : ''}\n`);
  let installs = 0;
  // The first and last line of each install; npm's progress every second would bury the probes.
  const onInstall = (/** @type {string} */ message) => {
    if (message.startsWith('installed ')) installs += 1;
    if (!message.startsWith(' ')) process.stderr.write(`clonecheck: ${message}\n`);
  };
  // A decoder's bug is probed by decode --replay's replay of its case (harness/decode/ledger-case.js), judged by its root alike.
  const probe = subject.decode !== undefined && subject.root !== undefined
    ? decodeProbe({ decode: subject.decode, root: subject.root, runtime, timeoutMs: raw.timeout, onInstall })
    : replayProbe({ program: subject.program, runtime, channel, judge: subject.judge, timeoutMs: raw.timeout, profile: subject.profile, onInstall });
  const found = await bisectEitherWay({
    versions, end, good: direction === 'fixed' ? undefined : older, bad, direction, tries: raw.tries, probe, onProbe: (p) => process.stdout.write(probeLine(p)),
  });
  const { probes } = found.bisection;

  const seconds = (performance.now() - started) / 1000;
  const [first] = probes;
  if (first.version === end && first.verdict === 'skipped') {
    process.stdout.write(`cannot probe the ${found.direction === 'fixed' ? 'good' : 'bad'} version ${end}: ${first.detail}\n`);
    return EXIT.infrastructure;
  }
  process.stdout.write(`${resultLines(found, end)}${probes.length} probes, ${installs} installs, ${seconds.toFixed(1)} s\n`);

  if (subject.bug !== undefined) {
    const { bug, fixedIn, marked } = bisectedBug(subject.bug, found, { runtime, channel, update: raw.update ?? false });
    const file = writeBug(bug, ledger);
    process.stdout.write(`recorded in ${relative(process.cwd(), file)} (versions${marked ? `; status fixed, fixedIn ${fixedIn}` : ''})\n`);
    if (fixedIn !== null && !marked) {
      process.stdout.write(raw.update ? `  its status stays ${bug.status}: only an open bug is marked fixed\n`
        : `  --update marks it fixed in ${fixedIn} (status, fixedIn)\n`);
    }
  }
  if (raw.json !== undefined) {
    const { result, untestable } = found.bisection;
    writeFileSync(raw.json, `${JSON.stringify({
      schema: 'clonecheck/bisect@1', subject: subject.name, kind: subject.kind, direction: found.direction, runtime, channel,
      ...(found.direction === 'introduced' ? { lastGood: found.bisection.lastGood, firstBad: found.bisection.firstBad }
        : { lastBad: found.bisection.lastBad, firstGood: found.bisection.firstGood }),
      result, untestable, tries: raw.tries, probes, seconds,
    }, null, 2)}\n`);
  }
  return EXIT.ok;
}

/**
 * What a bisection found, in lines.
 * @param {import('../bugs/bisect.js').Either} found
 * @param {string} end  the newer version it started from
 * @returns {string}
 */
function resultLines({ direction, bisection }, end) {
  const [first] = bisection.probes;
  const maybe = (/** @type {string} */ what) => (bisection.untestable.length > 0
    ? `  the ${what} may also be any of ${someOf(bisection.untestable)}: other or skipped, so not told\n` : '');
  if (direction === 'fixed') {
    if (bisection.result === 'range') return `fixed between ${bisection.lastBad} and ${bisection.firstGood}: last bad ${bisection.lastBad}, first good ${bisection.firstGood}\n${maybe('first good')}`;
    if (bisection.result === 'never') {
      return `does not show in any version back to the oldest probed, ${bisection.firstGood}: no fix to find`
        + `${bisection.untestable.length > 0 ? `; older ones probed were other or skipped: ${someOf(bisection.untestable)}` : ''}\n`;
    }
    return `shows at the good version ${end} (${first.verdict}: ${first.detail}): no fix to find; bisect without --fix for where it came in\n`;
  }
  if (bisection.result === 'range') return `last good ${bisection.lastGood}, first bad ${bisection.firstBad}\n${maybe('first bad')}`;
  if (bisection.result === 'oldest') {
    return `shows in every version back to the oldest probed, ${bisection.firstBad}`
      + `${bisection.untestable.length > 0 ? `; older ones probed were other or skipped: ${someOf(bisection.untestable)}` : ''}\n`;
  }
  return `does not show at the bad version ${end} (${first.verdict}${first.verdict === 'good' ? '; bisect its fix with --fix' : `: ${first.detail}`}): nothing to bisect\n`;
}
