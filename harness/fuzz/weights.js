// --weights, shared by fuzz and census: the generator's strategy weights plus
// pollution, channel, deliveries, strings, sizes, sequences, bytes and steer (docs/fuzzing.md).

import { strategies } from '../../fuzzers/programs.js';
import { UsageError } from '../errors.js';

/** Weight names --weights accepts: the program strategies, plus pollution, channel, deliveries, strings, sizes, sequences, bytes and steer. */
const WEIGHT_NAMES = [...Object.keys(strategies), 'pollution', 'channel', 'deliveries', 'strings', 'sizes', 'sequences', 'bytes', 'steer'];

/**
 * @param {string | undefined} text `strategy=3,pollution=5`
 * @returns {Record<string, number>}
 */
export function parseWeights(text) {
  if (text === undefined) return {};
  /** @type {Record<string, number>} */
  const weights = {};
  for (const part of text.split(',')) {
    const match = /^([A-Za-z0-9]+)=(\d+)$/.exec(part.trim());
    if (match === null) throw new UsageError(`--weights takes name=integer pairs separated by commas, not '${part}'`);
    if (!WEIGHT_NAMES.includes(match[1])) throw new UsageError(`--weights: unknown name '${match[1]}'; one of ${WEIGHT_NAMES.join(', ')}`);
    weights[match[1]] = Number(match[2]);
  }
  if (Object.keys(strategies).every((name) => weights[name] === 0)) throw new UsageError('--weights leaves no program strategy');
  return weights;
}
