// The signature of a deviation: which target, and the shape of what differs,
// so that many programs showing one bug make one finding. The shape keeps each
// difference's category and its path with indices and property names
// replaced (`$[3].foo` and `$[0].bar` are both `$[#].*`), plus, for the
// categories where it names the bug (a throw instead of a value, another kind,
// another error), what the two sides were.

/** Categories whose expected/actual sides say what went wrong, not just where. */
const SIDES_MATTER = new Set(['outcome', 'thrown', 'kind', 'prototype', 'integrity', 'hole', 'identity', 'shares-object', 'input-mutated']);

/**
 * @param {string} path a diff path: `$[3].foo`, `$<proto>`, `$<map key 0>`, `effects[2]`
 * @returns {string} the path with indices as `#` and property names as `*`
 */
export function pathShape(path) {
  return path
    .replace(/\["(?:[^"\\]|\\.)*"\]/g, '.*')
    .replace(/\[\d+\]/g, '[#]')
    .replace(/<([a-z ]+?) \d+>/g, '<$1 #>')
    .replace(/\.[^.[<]+/g, '.*');
}

/** @param {unknown} side @returns {string} a short name for one side of a difference */
function sideShape(side) {
  // "data property -137209023" and "data property \"q\"" are one bug (a hole filled in): the value is the program's.
  if (typeof side === 'string' && side.startsWith('data property ')) return 'data property';
  if (side === null || typeof side !== 'object') return String(side);
  const record = /** @type {Record<string, unknown>} */ (side);
  for (const key of ['name', 'kind', 'type', 'outcome']) if (typeof record[key] === 'string') return record[key];
  return 'object';
}

/**
 * @param {string} target
 * @param {{path: string, category: string, expected: unknown, actual: unknown}[]} differences non-empty
 * @returns {{signature: string, category: string, shape: string[]}}
 *   `signature`: `<target>.<first category>.<8 hex digits>`, safe as a folder name
 */
export function signatureOf(target, differences) {
  const shape = [...new Set(differences.map((d) => {
    const sides = SIDES_MATTER.has(d.category) ? ` ${sideShape(d.expected)}->${sideShape(d.actual)}` : '';
    return `${d.category} ${pathShape(d.path)}${sides}`;
  }))].sort();
  const category = differences[0].category;
  const safeTarget = target.replace(/[^A-Za-z0-9@.-]+/g, '-').replace(/^-+|-+$/g, '');
  return { signature: `${safeTarget}.${category}.${fnv1a(`${target}\n${shape.join('\n')}`)}`, category, shape };
}

/**
 * The signature of a timeout or a crash: one per target and verdict (there
 * are no differences to shape it; what the watchdog saw goes in the finding).
 * @param {string} target
 * @param {'timeout' | 'crash'} verdict
 */
export function verdictSignature(target, verdict) {
  return signatureOf(target, [{ path: '$', category: verdict, expected: null, actual: null }]);
}

/**
 * FNV-1a, 32 bits, over UTF-16 code units: a stable short name, not a security property.
 * @param {string} text
 */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
