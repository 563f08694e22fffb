// Observation and diff: what a script can observe about a cloned value (or a
// thrown error), as canonical JSON, and where two observations differ.
// docs/observation.md describes the format and the difference categories.

export { observe, numberText } from './observe.js';
export { observeThrown } from './thrown.js';
export {
  beginCloneObservation, beginObservedCase, CASE_OBSERVATION_SCHEMA, caseObservationOf, completeLanded, observeCase, observeClone,
  observeLanded, probeClonedPorts, probeClonedStreams, readClonedBlobBytes, sameObservedCase,
} from './observe-clone.js';
export { canonicalJSON, sameJSON } from './canonical-json.js';
export { diff, describe } from './diff.js';
export { intrinsicNames } from './intrinsic-names.js';
