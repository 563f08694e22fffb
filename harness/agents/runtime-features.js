// Which features.js features a runtime has, asked once per runtime and
// process before its targets run (catalog.js): this Node's are checked
// here; any other runtime runs probe.js, started as its agents are, so that
// a runtime that cannot run agents at all is told apart from one that lacks
// a feature, and each is said in one line instead of an agent that dies
// while loading.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RuntimeError } from '../runtimes.js';
import { featuresHere } from './features.js';

const PROBE = fileURLToPath(new URL('./probe.js', import.meta.url));

/** Room for a cold start of a runtime on a busy machine (a probe takes ~0.15 s). */
const PROBE_TIMEOUT_MS = 30_000;

/** @type {Map<string, Promise<Record<string, boolean>>>} by the agents' command line */
const probed = new Map();

/**
 * @param {import('../runtimes.js').Runtime} runtime a node, bun or deno
 * @returns {Promise<Record<string, boolean>>} whether it has each feature, by name
 * @throws {RuntimeError} (rejects) why clonecheck's agents cannot run there
 */
export function runtimeFeatures(runtime) {
  if (runtime.inProcess) return Promise.resolve(featuresHere());
  const key = runtime.command.join('\n');
  let features = probed.get(key);
  if (features === undefined) {
    features = probe(runtime.command);
    probed.set(key, features);
  }
  return features;
}

/**
 * @param {string[]} command the binary and its flags, as an agent starts
 * @returns {Promise<Record<string, boolean>>}
 */
function probe([binary, ...flags]) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...flags, PROBE], {
      stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' }, timeout: PROBE_TIMEOUT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text) => { stdout += text; });
    child.stderr.setEncoding('utf8').on('data', (text) => { stderr += text; });
    // A runtime that dies at once makes this write fail (EPIPE); 'close' says why.
    child.stdin.on('error', () => {});
    child.stdin.end('\n');
    child.on('error', (error) => reject(new RuntimeError(`${binary} does not start (${error.message})`)));
    child.on('close', (code, signal) => {
      let answer;
      try {
        answer = JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
      } catch {
        const said = stderr.trim().split('\n').filter((line) => line.trim() !== '').at(-1) ?? 'nothing on stderr';
        reject(new RuntimeError(`clonecheck's agents do not run there (${signal ?? `exit code ${code}`}: ${said.trim()})`));
        return;
      }
      if (answer.stdin !== null) reject(new RuntimeError(`clonecheck's agents cannot read their standard input there (${answer.stdin})`));
      else resolve(answer.features);
    });
  });
}
