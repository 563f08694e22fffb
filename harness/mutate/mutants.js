// The mutants of the reference's own tiers, made the way Stryker or mutmut make
// theirs: by editing a copy of the source. Each mutant is a copy of
// src/tiers/ with one tier changed; everything the tiers import from the rest
// of src/ (intrinsics, brand checks, the realm) is imported from the real
// src/, so a mutant shares the reference's registry of opaque objects and the
// host hooks a fuzz worker installs, and only the tier is under test.
//
// Two kinds:
//  - 'guard-dropped': for every reject reason a tier lists, the checks that
//    return that reason are skipped, so the tier accepts what it should refuse;
//  - 'semantic': hand-written bugs of the classes engines have shipped
//    (docs/mutate.md).
// A mutation of a shared module (guards.js, copy.js) goes into a private copy
// that only the mutant's tier imports: the other tiers stay as they are.

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tiers } from '../../src/index.js';

const TIERS_DIR = new URL('../../src/tiers/', import.meta.url);
const SRC_URL = new URL('../../src/', import.meta.url).href;

/** The modules several tiers import; a mutant edits a private copy of them. */
const SHARED_FILES = ['guards.js', 'copy.js'];

/**
 * @typedef {object} Edit
 * @property {string} file  a file of src/tiers/
 * @property {(text: string) => string} apply  the mutated text; throws MutationError when the code it mutates is not there
 */

/**
 * @typedef {object} Mutant
 * @property {string} id  `<tier>/<reason>` or `<tier>/<name>`
 * @property {string} tier
 * @property {'guard-dropped' | 'semantic'} kind
 * @property {string} description
 * @property {Edit[]} edits
 * @property {string | null} equivalent  why no program can tell it from the reference, for the
 *   mutants known to be equivalent (EQUIVALENT); null for the rest
 */

/** The code a mutant should change is not in the source (it has changed since the mutant was written). */
export class MutationError extends Error {}

/**
 * The sources of src/tiers/, by file name, with their imports of the rest of
 * src/ turned into absolute URLs so that a copy anywhere imports the real ones.
 * @returns {Map<string, string>}
 */
export function tierSources() {
  const sources = new Map();
  for (const name of readdirSync(TIERS_DIR).filter((file) => file.endsWith('.js'))) {
    const text = readFileSync(new URL(name, TIERS_DIR), 'utf8');
    sources.set(name, text.replace(/from '\.\.\/([^']+)'/g, (_, path) => `from '${SRC_URL}${path}'`));
  }
  return sources;
}

/**
 * The checks that return `reason`, skipped: `if (c) return 'r';` keeps its
 * condition and does nothing, so the checks after it still run (a hole has
 * no descriptor for them to read, so skipping its check moves on to the next
 * element, as an engine that forgot it would: the copy then reads value[i]);
 * a reason given as a conditional's other branch becomes undefined (no reason).
 * @param {string} reason
 * @returns {(text: string) => string} leaves the text as it is when no check returns `reason` there
 */
function dropChecks(reason) {
  const pass = reason === 'hole' ? 'continue;' : '{}';
  return (text) => text
    .replaceAll(`return '${reason}';`, `${pass} // mutant: the '${reason}' check is skipped`)
    .replaceAll(` : '${reason}';`, ' : undefined; // mutant: the check is skipped');
}

/**
 * The guard-dropped mutants no program can kill: the check mirrors an engine's
 * storage or a limit of its fast path, or another check refuses the same
 * values, so accepting them changes nothing observable. They are still
 * generated and fuzzed (a kill would prove the reason here wrong), and
 * reported apart from the survivors that show a blind spot of the fuzzer.
 * @type {Record<string, string>}
 */
const EQUIVALENT = {
  ...Object.fromEntries(tiers.map((tier) => [`${tier.id}/for-storage`,
    'forStorage changes only the SharedArrayBuffer step of StructuredSerializeInternal, and no tier accepts a SharedArrayBuffer'])),
  'simple-object/not-object': 'the only non-object that reaches the tier is a Symbol root (primitive-root takes the rest), and Reflect.ownKeys throws on it: refused as not-plain',
  'simple-object/proxy': "the next check refuses every kind but 'object', a Proxy's included, as not-plain",
  'simple-object/array': "the next check refuses every kind but 'object', an Array's included, as not-plain",
  'simple-object/indexed-property': 'the flat copy copies index keys exactly as the spec does, in the same order (ascending indices first); Bun refuses them for its storage, not for what they look like',
  'int32-array/accessor': 'the value of an accessor descriptor is undefined, which the non-int32 check refuses',
  'int32-array/negative-zero': 'the mirror has no int32 storage: the copy keeps -0 as it is',
  'double-array/accessor': 'the value of an accessor descriptor is undefined, which the non-number check refuses',
  'flat-object-array/array': "the next check refuses every kind but 'object', an Array element's included, as not-plain",
  'flat-object-array/indexed-property': 'the flat copy copies index keys exactly as the spec does, in the same order',
  'flat-object-array/too-many-properties': "the limit mirrors JSFinalObject's inline capacity; the copy is exact at any size",
};

/** @returns {Mutant[]} one per reject reason of every tier */
function guardDroppedMutants() {
  return tiers.flatMap((tier) => tier.reasons.map((reason) => {
    const id = `${tier.id}/${reason}`;
    return {
      id,
      tier: tier.id,
      kind: /** @type {const} */ ('guard-dropped'),
      description: `${tier.id} without its '${reason}' check: it accepts what that check refused`,
      // The tier's own file and its copy of guards.js: the reason is returned in one or both.
      edits: [`${tier.id}.js`, 'guards.js'].map((file) => ({ file, apply: dropChecks(reason) })),
      equivalent: EQUIVALENT[id] ?? null,
    };
  }));
}

/**
 * An edit that replaces one exact piece of code.
 * @param {string} file @param {string} find  must occur exactly once @param {string} replace
 * @returns {Edit}
 */
function replaceOnce(file, find, replace) {
  return {
    file,
    apply: (text) => {
      const at = text.indexOf(find);
      if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new MutationError(`${file} has ${at < 0 ? 'no' : 'more than one'} '${find.trim()}'`);
      return text.slice(0, at) + replace + text.slice(at + find.length);
    },
  };
}

/**
 * Hand-written bugs, each of a class engines have shipped or nearly shipped
 * (SPEC-NOTES "Fast-path tiers to mirror", docs/tiers.md).
 * @type {Mutant[]}
 */
const SEMANTIC_MUTANTS = [
  {
    id: 'flat-object-array/shape-count-only',
    tier: 'flat-object-array',
    kind: 'semantic',
    equivalent: null,
    description: 'the shape cache reuses the last shape when the property count matches, without comparing names (values land under the wrong names)',
    edits: [replaceOnce('copy.js', '  for (let i = 0; i < names.length; i++) if (shape[i] !== names[i]) return false;\n', '')],
  },
  {
    id: 'double-array/nan-as-hole',
    tier: 'double-array',
    kind: 'semantic',
    equivalent: null,
    description: 'NaN taken for the hole marker (JSC keeps holes of an ArrayWithDouble as a NaN pattern): a NaN element becomes a hole',
    edits: [replaceOnce('double-array.js', '    return copyDenseArray(value, realm);\n',
      '    const out = copyDenseArray(value, realm);\n    for (let i = 0; i < out.length; i++) if (out[i] !== out[i]) delete out[i];\n    return out;\n')],
  },
  {
    id: 'double-array/negative-zero-lost',
    tier: 'double-array',
    kind: 'semantic',
    equivalent: null,
    description: 'the copy goes through an integer conversion that turns -0 into +0',
    edits: [replaceOnce('double-array.js', '    return copyDenseArray(value, realm);\n', '    return copyDenseArray(value, realm, (element) => element + 0);\n')],
  },
  {
    id: 'primitive-root/lone-surrogates-replaced',
    tier: 'primitive-root',
    kind: 'semantic',
    equivalent: null,
    description: 'a string root crosses as UTF-8: lone surrogates become U+FFFD',
    edits: [replaceOnce('primitive-root.js', '    return value;\n', "    return typeof value === 'string' ? value.toWellFormed() : value;\n")],
  },
  {
    id: 'simple-object/plain-by-tostring',
    tier: 'simple-object',
    kind: 'semantic',
    equivalent: null,
    description: 'an object is taken as plain by its Object.prototype.toString tag, not its internal slots (a Map, Set or buffer with another prototype passes; a @@toStringTag getter runs)',
    edits: [replaceOnce('guards.js', "  if (kind !== 'object') return 'not-plain';\n",
      "  if (Object.prototype.toString.call(object) !== '[object Object]') return 'not-plain';\n")],
  },
  {
    id: 'primitive-root/empty-transfer-by-length',
    tier: 'primitive-root',
    kind: 'semantic',
    equivalent: null,
    description: 'an empty transfer list is recognised by its length alone, so a polluted Array.prototype[Symbol.iterator] is not called as converting it would',
    edits: [replaceOnce('guards.js', '  if (/** @type {unknown[]} */ (transfer).length !== 0) return false;\n',
      '  return /** @type {unknown[]} */ (transfer).length === 0;\n')],
  },
];

/** Every mutant: the guard-dropped ones in catalog order, then the semantic ones. */
export function allMutants() {
  return [...guardDroppedMutants(), ...SEMANTIC_MUTANTS];
}

/**
 * The mutant's files of tiers/: the sources with its edits made, a shared
 * module edited as a private copy (`mutant-guards.js`) that only its tier imports.
 * @param {Pick<Mutant, 'tier' | 'edits'>} mutant
 * @param {Map<string, string>} sources  from tierSources()
 * @returns {Map<string, string>}
 * @throws {MutationError} when an edit finds nothing to change
 */
export function mutatedSources(mutant, sources) {
  const files = new Map(sources);
  const tierFile = `${mutant.tier}.js`;
  let changed = false;
  for (const { file, apply } of mutant.edits) {
    const source = sources.get(file);
    if (source === undefined) throw new MutationError(`${file} is not a file of src/tiers/`);
    const mutated = apply(source);
    if (mutated === source) continue;
    changed = true;
    if (!SHARED_FILES.includes(file)) {
      files.set(file, mutated);
      continue;
    }
    files.set(`mutant-${file}`, mutated);
    const tierText = files.get(tierFile);
    if (tierText === undefined) throw new MutationError(`${tierFile} is not a file of src/tiers/`);
    if (!tierText.includes(`from './${file}'`)) throw new MutationError(`${tierFile} does not import ${file}`);
    files.set(tierFile, tierText.replaceAll(`from './${file}'`, `from './mutant-${file}'`));
  }
  if (!changed) throw new MutationError(`nothing in ${mutant.edits.map((e) => e.file).join(' or ')} to mutate`);
  return files;
}

/**
 * Writes the files of one copy of tiers/ into `dir`/tiers/.
 * @param {string} dir
 * @param {Map<string, string>} files
 * @returns {string} the URL of the copy's tiers/index.js
 */
export function writeTiers(dir, files) {
  const tiersDir = join(dir, 'tiers');
  mkdirSync(tiersDir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(tiersDir, name), text);
  return pathToFileURL(join(tiersDir, 'index.js')).href;
}
