// The properties the test suite asserts over generated programs, with fixed
// seeds (test/property.test.js), on their own thread each
// (test/properties/property-worker.js) so the two run side by side. They live
// with the test, not in fuzzers/, because they check programs with the Node
// harness (harness/selfcheck/checks.js); fuzzers/ only generates.

import fc from 'fast-check';
import { programArbitrary, programFromBytes } from '../../fuzzers/programs.js';
import { checkProgram } from '../../harness/selfcheck/checks.js';
import { installNodeHostHooks } from '../../portable/hosts/node-host.js';
import { withoutFileLists } from '../../portable/targets/programs.js';

/** The program sources, by the name the tests use. */
export const programSources = {
  // As this Node's targets run them: it cannot make a FileList.
  'generated programs': programArbitrary().map(withoutFileLists),
  'programs decoded from random bytes': programFromBytes,
};

/**
 * fc.assert that every program from `source` passes harness/selfcheck/checks.js
 * (valid; tiers on = tiers off; emit = build). Throws fast-check's report
 * (seed, path, shrunk program, the differences) on failure.
 * @param {keyof typeof programSources} source
 * @param {{seed: number, numRuns: number}} parameters
 */
export function assertProgramsHold(source, { seed, numRuns }) {
  installNodeHostHooks();
  const property = fc.property(programSources[source], (program) => {
    const findings = checkProgram(program);
    if (findings.length > 0) {
      throw new Error(findings.map((f) => `${f.property}: ${JSON.stringify(f.differences)}`).join('\n'));
    }
  });
  fc.assert(property, { seed, numRuns });
}
