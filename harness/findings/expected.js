// The expected observation of a finding whose target gave none (it hung or
// died: a timeout or crash, harness/fuzz/stalls.js, and its shrinking,
// harness/minimize/shrink-stalls.js): the finding's repro compares against it.

import { build } from '../../src/index.js';
import { cloneCase, cloneCaseElsewhere, oracleClone } from '../../portable/case/case.js';
import { installNodeHostHooks } from '../../portable/hosts/node-host.js';
import { transferArgument } from '../../portable/targets/programs.js';
import { referenceDelivery } from '../../portable/targets/receivers/reference-delivery.js';
import { landsInWorkers } from '../targets/catalog.js';

/**
 * What the reference observes for a program that stalled a target, computed
 * here on the main thread as the oracle computes it where the target's value
 * lands (portable/fuzz/judge.js): the target gave no observation, and the finding's repro
 * needs the expected one. For a worker channel that is the reference's
 * delivery (serialized under the sender's steps, deserialized under the
 * receiver's), one case observation per delivery when the program is
 * delivered more than once (docs/program.md `deliveries`), as the repro
 * compares them. There no realm step stays in place across an await
 * (cloneCaseElsewhere), so nothing else this thread runs meets it.
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {any} program as the target's channel reshaped it
 * @returns {Promise<import('../../portable/case/case.js').DeliveredObservation>}
 */
export async function expectedWhereValueLands(target, program) {
  installNodeHostHooks();
  const argument = transferArgument(target);
  // Synchronous here: on this thread nothing else may run while the realm is set up.
  if (!landsInWorkers(target)) return cloneCase(program, () => build(program), oracleClone(undefined, argument, target.profile)).clone;
  const [firstReceiver] = await cloneCaseElsewhere(program, () => build(program), referenceDelivery(undefined, argument, target.profile));
  return firstReceiver;
}
