// Shrinking, after the fuzzing: each deviation goes to a host that runs its
// target, earliest case first, as one task (tasks.js `shrinkDeviation`);
// the shrunk program replaces the finding's when the target still deviates
// the same way. Timeouts and crashes are not shrunk (each candidate would
// cost a thread or an agent), and a shrink that hangs leaves its finding as
// it was.

import { FUZZ_WORKER_URL } from './tasks.js';
import { runPool } from '../pool/pool.js';

/**
 * @param {import('./tally.js').Finding[]} findings  every finding, earliest case first
 * @param {object} run
 * @param {import('./schedule.js').Host[]} run.hosts
 * @param {number} run.workers
 * @param {number} run.timeoutMs
 * @param {Record<string, number>} run.weights
 * @param {number} run.shrinkRuns  candidates per shrink
 * @param {() => boolean} run.shouldShrink  polled before each shrink (a second Ctrl-C skips the rest)
 * @param {(finding: import('./tally.js').Finding) => void} run.onShrunk
 * @param {(shrunk: number, toShrink: number) => void} run.onProgress
 */
export async function shrinkDeviations(findings, { hosts, workers, timeoutMs, weights, shrinkRuns, shouldShrink, onShrunk, onProgress }) {
  const toShrink = findings.filter((f) => f.verdict === 'deviation');
  // Nothing to shrink, or no shrinking wanted: no threads to start.
  if (toShrink.length === 0 || !shouldShrink()) return;
  let shrunk = 0;
  onProgress(shrunk, toShrink.length);
  await Promise.all(hosts.map((host) => {
    const queue = toShrink.filter((finding) => host.targets.some((t) => t.name === finding.target));
    return runPool({
      workerURL: FUZZ_WORKER_URL,
      agent: host.agent,
      workers,
      timeoutMs,
      nextTask: () => {
        if (!shouldShrink()) return undefined;
        const finding = queue.shift();
        if (finding === undefined) return undefined;
        const target = host.targets.find((t) => t.name === finding.target);
        return {
          kind: 'shrink', chunkSeed: finding.chunkSeed, path: finding.path, target, signature: finding.signature,
          weights, maxRuns: shrinkRuns, finding,
        };
      },
      onResult: (task, { verdict }) => {
        shrunk += 1;
        if (verdict !== null) {
          Object.assign(task.finding, {
            program: verdict.program, minimized: true, expected: verdict.expected, actual: verdict.actual, differences: verdict.differences,
          });
          onShrunk(task.finding);
        }
        onProgress(shrunk, toShrink.length);
      },
      onStall: () => {
        shrunk += 1;
      },
    });
  }));
}
