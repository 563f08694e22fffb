// Started once per runtime, as its agents are (runtime-features.js), before
// any of its targets runs: prints one JSON line, which features.js features
// the runtime has, and why it cannot read its standard input the way an
// agent reads its tasks (agent.js), or null when it can (Bun 1.0.0 cannot:
// its stdin is a socket, whose fstat fails there).

import process from 'node:process';
import { createInterface } from 'node:readline';
import { featuresHere } from './features.js';

const features = featuresHere();
let stdin = null;
try {
  // The first line, then done.
  for await (const _ of createInterface({ input: process.stdin })) break;
} catch (error) {
  stdin = error instanceof Error ? error.message : String(error);
}
process.stdout.write(`${JSON.stringify({ features, stdin })}\n`);
