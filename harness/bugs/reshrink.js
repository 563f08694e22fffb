// `clonecheck bugs --shrink`: a ledger program shrunk again on its home
// target, with the predicate "the replay still shows the bug's root"
// (root.js). Ledger programs were pasted as fuzzing left them, and a
// finding's shrink stops at its budget or at fast-check's structure: 6 to 8
// objects and a pollution that plays no part (issue 34). The reducer
// (reduce.js) proposes its candidates in batches; each batch is one replay,
// one host start for all of its candidates, so a Deno or Bun start serves
// tens of candidates. A candidate judged after others in one member can show
// the bug only because of them (harness/minimize/shrink.js confirmFresh), so
// the smallest program is replayed once more alone, in a host started for it,
// before it counts.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keepsFeatures } from '../../portable/bugs/same-bug.js';
import { reduceProgram } from '../../portable/minimize/reduce.js';
import { browserFamilyNames } from '../../portable/families/index.js';
import { implementationOf, writeBug } from './ledger.js';
import { showsRoot } from './root.js';

/**
 * Which home programs (listing.js homePrograms) of these causes `--shrink` shrinks, and which it skips: a
 * browser's, unless `engines` (--engine) names the browser, since each batch starts a page (a cause takes
 * minutes). Given engines, only their programs: a question of the standard listed by --engine is theirs.
 * @template {{foundOn: string}} Home
 * @param {Home[]} homes
 * @param {string[]} engines  --engine's names ([]: every implementation)
 * @returns {{todo: Home[], skipped: Home[]}}
 */
export function homesToShrink(homes, engines) {
  const mine = homes.filter((home) => engines.length === 0 || engines.includes(implementationOf(home.foundOn)));
  const skipped = (/** @type {Home} */ home) => browserFamilyNames.includes(implementationOf(home.foundOn)) && !engines.includes(implementationOf(home.foundOn));
  return { todo: mine.filter((home) => !skipped(home)), skipped: mine.filter(skipped) };
}

/**
 * @typedef {object} Size  what a program holds, as a person reading it counts
 * @property {number} objects  its objects
 * @property {number} steps  its realm steps, sender's and receiver's
 * @property {number} chars  its JSON's length
 */

/**
 * @typedef {object} Reshrink
 * @property {'shrunk' | 'unchanged' | 'not-shown' | 'not-fresh'} outcome  a smaller program that shows the root alone;
 *   none smaller found; the program as it is did not show the root (nothing shrunk); the smallest showed it only
 *   after other candidates, not alone (kept as it was)
 * @property {any} program  the program to keep: the smaller one where shrunk, else the one given
 * @property {import('./root.js').Root} root  the root it shows: where shrunk, as the replay of it alone described it
 * @property {Size} before
 * @property {Size} after  the smallest found (kept only where shrunk)
 * @property {number} replays  host starts
 * @property {number} candidates  programs replayed
 * @property {boolean} localMinimum  no single change of the smallest keeps the root (false: the time ran out first)
 * @property {number} seconds
 */

/** @param {any} program @returns {Size} */
export function programSize(program) {
  return {
    objects: program.objects?.length ?? 0,
    steps: (program.sender?.length ?? 0) + (program.receiver?.length ?? 0),
    chars: JSON.stringify(program).length,
  };
}

/**
 * Shrinks one program of a bug on its home target.
 * @param {{program: any, foundOn: string, root: import('./root.js').Root}} home  the program, the target it was found
 *   on and the root it shows there
 * @param {object} options
 * @param {import('./triage.js').Replay} options.replay  programs on targets, one host start per call (replay.js)
 * @param {number} options.seconds  the time the reducer may take (the first and the last replay come on top)
 * @param {number} options.batch  candidates per replay
 * @param {number} [options.tries]  replays of the program as it is, alone, before it is called not showing its root
 * @param {() => boolean} [options.stopped]  polled between replays: true stops the reducer where it is
 * @returns {Promise<Reshrink>}
 */
export async function reshrinkProgram({ program, foundOn, root }, { replay, seconds, batch, tries = 1, stopped = () => false }) {
  const started = performance.now();
  let replays = 0;
  let candidates = 0;
  /**
   * @param {any[]} programs @param {boolean} [fresh]  in members started for this replay (a program alone, with no
   *   history), where the reducer's candidates run in members kept from the replays before
   * @returns {Promise<import('./root.js').Shown[]>} what each shows
   */
  const replayed = async (programs, fresh = false) => {
    replays += 1;
    candidates += programs.length;
    const { shown: rows } = await replay(programs, [foundOn], { fresh });
    return rows.map(([one]) => one);
  };
  const shown = async (/** @type {any[]} */ programs, fresh = false) => (await replayed(programs, fresh)).map((one) => showsRoot(one, root));
  const result = (/** @type {Reshrink['outcome']} */ outcome, /** @type {any} */ smallest, localMinimum = false, shownRoot = root) => ({
    outcome, program: outcome === 'shrunk' ? smallest : program, root: shownRoot, before: programSize(program), after: programSize(smallest),
    replays, candidates, localMinimum, seconds: (performance.now() - started) / 1000,
  });
  // Shrinking a program that does not show its root would shrink toward whatever else it shows. A flaky one is given
  // `tries` replays alone (as bugs --check gives it) before it is left as it is.
  let showsNow = false;
  for (let i = 0; i < tries && !showsNow; i++) [showsNow] = await shown([program], true);
  if (!showsNow) return result('not-shown', program);
  // A smallest program that shows the root only after other candidates, not alone, is one their history stands in
  // for (Bun's number array lost under a receiver's Array.prototype index getter shrank to an array with no getter,
  // which passes alone): the shrink starts over from the program given with its realm steps kept, every one.
  /** @type {import('../../portable/minimize/reduce.js').Reduction | undefined} */
  let notFresh;
  let localMinimum = false;
  for (const keepSteps of [false, true]) {
    const reduction = await reduceProgram(program, batched(shown), {
      runs: Number.POSITIVE_INFINITY,
      parallel: batch,
      inTime: () => !stopped() && performance.now() - started < seconds * 1000,
      // A ledger program's features are what triage matches findings by (triage.js `related`): a simplification
      // may not bring in one it did not have.
      admits: (from, candidate, change) => keepsFeatures(from, candidate, change) && (!keepSteps || programSize(candidate).steps === programSize(from).steps),
    });
    ({ localMinimum } = reduction);
    if (reduction.removed + reduction.simplified === 0) break;
    const [alone] = await replayed([reduction.program], true);
    // The same root wherever its object sits (root.js placeless): a File that was an array's item and is now the
    // root says so in its shape.
    if (showsRoot(alone, root)) return result('shrunk', reduction.program, reduction.localMinimum, /** @type {import('./root.js').Root} */ (alone));
    notFresh ??= reduction;
    if (programSize(program).steps === 0) break;
  }
  return notFresh === undefined ? result('unchanged', program, localMinimum) : result('not-fresh', notFresh.program, notFresh.localMinimum);
}

/**
 * The reducer's predicate, one candidate at a time, made of a predicate on many: the candidates it asks for in one
 * go (its batch, asked for before it awaits any) are replayed together.
 * @param {(programs: any[]) => Promise<boolean[]>} judgeAll
 * @returns {(candidate: any) => Promise<boolean>}
 */
function batched(judgeAll) {
  /** @type {{candidate: any, settle: (shows: boolean) => void, fail: (error: unknown) => void}[]} */
  let waiting = [];
  return (candidate) => new Promise((settle, fail) => {
    waiting.push({ candidate, settle, fail });
    if (waiting.length > 1) return;
    // After the reducer's synchronous map over its batch: every candidate of the batch is waiting by then.
    queueMicrotask(() => {
      const these = waiting;
      waiting = [];
      judgeAll(these.map((w) => w.candidate)).then(
        (verdicts) => these.forEach((w, i) => w.settle(verdicts[i])),
        // The reducer awaits its batch in order: the first fails it, and the rest settle (a rejection no one awaits
        // would end the process).
        (error) => these.forEach((w, i) => (i === 0 ? w.fail(error) : w.settle(false))),
      );
    });
  });
}

/**
 * Writes a shrunk program, and the root it shows, into its bug's file in place of the one it was shrunk from (the
 * founding program, or for a question of the standard an engine's first program of it, in `alsoShownBy`); the rest of
 * the file as it was.
 * @param {string} directory  the ledger's
 * @param {string} id  the bug's
 * @param {any} from  the program as the file holds it
 * @param {any} to  the smaller one
 * @param {import('./root.js').Root} root  what `to` shows
 * @throws {Error} the file no longer holds `from`
 */
export function replaceProgram(directory, id, from, to, root) {
  const bug = JSON.parse(readFileSync(join(directory, `${id}.json`), 'utf8'));
  const text = JSON.stringify(from);
  const holder = [bug, ...(bug.alsoShownBy ?? [])].find((h) => JSON.stringify(h.program) === text);
  if (holder === undefined) throw new Error(`${id}: its file no longer holds the program shrunk`);
  holder.program = to;
  holder.root = { category: root.category, shape: root.shape };
  writeBug(bug, directory);
}
