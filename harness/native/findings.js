// What a native campaign found: every input that made the harness abort
// (a deviation the harness reported, a sanitizer report, any other death)
// replayed once in the binary, classified, named by signature (one folder
// per bug, portable/bugs/signature.js) and written as a finding folder:
//   input.bin     the fuzzer's input (any coverage-guided fuzzer's: the
//                 bytes decode through fromBytes everywhere)
//   program.json  the program the input decodes to, as the channel takes it
//   finding.json  for machines: signature, verdict, differences, observations
//   report.md     what happened, the differences or the sanitizer's report, how to replay
//   repro.sh      runs the input in the native binary (prints the report, exits non-zero)

import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { canonicalJSON } from '../../src/index.js';
import { signatureName } from '../../portable/bugs/signature.js';
import { NATIVE_TARGET, deviationSignature, rewriteSignature } from '../../portable/bugs/native-signature.js';
import { FINDING_SCHEMA } from '../findings/write.js';

/** Replays symbolize, and print UBSan's stack (its first QuickJS frame names the crash). */
const REPLAY_SANITIZER_ENV = { ASAN_OPTIONS: 'detect_leaks=0:symbolize=1', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

/**
 * A replay runs both of harness.c's stages on its input, whatever the
 * coverage or the sample says: a finding of either stage (a deviation, a
 * rewrite that differs) must show again when its input runs alone. It
 * keeps nothing (a campaign's CLONECHECK_KEEP_DEVIATIONS): a deviation
 * aborts with its report.
 */
const REPLAY_STAGES_ENV = { CLONECHECK_ORACLE_ALWAYS: '1', CLONECHECK_KEEP_DEVIATIONS: '' };

/** How long one replay of a crashing input may take (an ASan build evaluates the bundle first: 1-2 s). */
const REPLAY_TIMEOUT_MS = 20_000;

/**
 * @typedef {object} NativeFinding
 * @property {string} signature
 * @property {'deviation' | 'crash' | 'timeout' | 'not-reproduced'} verdict
 * @property {string} category  the root difference's category, or what the sanitizer named
 * @property {string} summary  one line
 * @property {string} input  the first input that showed it
 * @property {number} count  inputs that showed it
 * @property {any} [program]
 * @property {any} [deviation]  {program, expected, actual, differences}, for a deviation
 * @property {string} report  what the binary printed (its stderr, trimmed)
 * @property {boolean} [minimized]  `input` is a smaller one than the engine found (minimize.js)
 * @property {string} [foundInput]  then, the input the engine found
 */

/**
 * Runs one input in the binary.
 * @param {string} binary
 * @param {string} input
 * @param {Record<string, string>} [env]
 * @param {number} [timeoutMs]
 */
function runInput(binary, input, env = {}, timeoutMs = REPLAY_TIMEOUT_MS) {
  return spawnSync(binary, [input], {
    encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...REPLAY_SANITIZER_ENV, ...REPLAY_STAGES_ENV, ...env },
  });
}

/**
 * @param {string} binary
 * @param {string} input
 * @returns {any} the program the input decodes to (the binary prints it without running it)
 */
export function programOfInput(binary, input) {
  const result = runInput(binary, input, { CLONECHECK_PRINT: '1' });
  const line = result.stdout.split('\n').find((l) => l.startsWith('{'));
  return line === undefined ? undefined : JSON.parse(line);
}

/**
 * The sanitizer's or the fuzzing engine's one-line summary, without
 * addresses and ids, and the first frame in QuickJS-ng's sources: what
 * names a crash (the same bug met twice has them the same).
 * @param {string} stderr
 */
function crashShape(stderr) {
  const summary = /SUMMARY: (.+)/.exec(stderr)?.[1]
    ?? /(runtime error: .+)/.exec(stderr)?.[1]
    ?? /(Assertion .+ failed)/.exec(stderr)?.[1]
    ?? /(deadly signal|ERROR: .+)/.exec(stderr)?.[1]
    ?? 'the binary died without a report';
  const frame = /#\d+ 0x[0-9a-f]+ in (\S+) \S*\/(quickjs[\w-]*\.c|lib\w+\.c|dtoa\.c)\b/.exec(stderr);
  const clean = summary.replace(/0x[0-9a-f]+/g, '0x…').replace(/\(pid=\d+\)|==\d+==/g, '').trim().replace(/ in$/, '');
  return { summary: clean, where: frame === null ? '' : `${frame[1]} (${frame[2]})` };
}

/**
 * Replays one crashing input and says what it is.
 * @param {string} binary
 * @param {string} input
 * @param {{timeoutMs?: number}} [options]  how long the replay may take (default REPLAY_TIMEOUT_MS)
 * @returns {Omit<NativeFinding, 'count'>}
 */
export function classifyInput(binary, input, { timeoutMs = REPLAY_TIMEOUT_MS } = {}) {
  // libFuzzer names what outlived its -timeout so: replaying it would only wait that long again, once per input.
  if (basename(input).startsWith('timeout-')) {
    const summary = 'no answer within the fuzzing engine\'s per-input timeout';
    return { signature: signatureName(NATIVE_TARGET, 'timeout', 'timeout'), verdict: 'timeout', category: 'timeout', summary, input, program: programOfInput(binary, input), report: summary };
  }
  const result = runInput(binary, input, {}, timeoutMs);
  const stderr = result.stderr ?? '';
  const report = stderr.length > 20_000 ? `${stderr.slice(0, 20_000)}\n…` : stderr;
  const jsonLine = stderr.split('\n').find((l) => l.startsWith('clonecheck-deviation: '));
  if (jsonLine !== undefined) {
    const deviation = JSON.parse(jsonLine.slice('clonecheck-deviation: '.length));
    const { signature, category, shape } = deviationSignature(deviation);
    return { signature, verdict: 'deviation', category, summary: shape, input, program: deviation.program, deviation, report: report.split('\nclonecheck-deviation: ')[0] };
  }
  const rewriteLine = stderr.split('\n').find((l) => l.startsWith('clonecheck-rewrite: '));
  if (rewriteLine !== undefined) {
    const broken = JSON.parse(rewriteLine.slice('clonecheck-rewrite: '.length));
    const { signature, summary } = rewriteSignature(broken);
    return { signature, verdict: 'deviation', category: 'rewrite', summary, input, program: broken.program, report: report.split('\nclonecheck-rewrite: ')[0] };
  }
  const program = programOfInput(binary, input);
  if (result.error !== undefined && /** @type {any} */ (result.error).code === 'ETIMEDOUT') {
    return { signature: signatureName(NATIVE_TARGET, 'timeout', 'timeout'), verdict: 'timeout', category: 'timeout', summary: `no answer in ${timeoutMs / 1000} s`, input, program, report };
  }
  if (result.status === 0) {
    return { signature: signatureName(NATIVE_TARGET, 'not-reproduced', 'not-reproduced'), verdict: 'not-reproduced', category: 'not-reproduced', summary: 'the input ran clean when replayed alone (an effect of earlier inputs?)', input, program, report };
  }
  const { summary, where } = crashShape(stderr);
  const shape = `${summary}${where === '' ? '' : ` in ${where}`}`;
  return { signature: signatureName(NATIVE_TARGET, 'crash', shape), verdict: 'crash', category: 'crash', summary: shape, input, program, report };
}

/**
 * Classifies every crashing input, one finding per signature (the first input kept, the others counted).
 * @param {string} binary
 * @param {string[]} inputs
 * @returns {NativeFinding[]}
 */
export function classifyInputs(binary, inputs) {
  /** @type {Map<string, NativeFinding>} */
  const bySignature = new Map();
  for (const input of inputs) {
    const one = classifyInput(binary, input);
    const known = bySignature.get(one.signature);
    if (known !== undefined) known.count += 1;
    else bySignature.set(one.signature, { ...one, count: 1 });
  }
  return [...bySignature.values()];
}

/**
 * Writes one finding's folder.
 * @param {string} outDir
 * @param {NativeFinding} finding
 * @param {{engine: string, binary: string, build: import('./build.js').Toolchain}} run  `build`: how `binary` was built
 * @returns {string} the folder
 */
export function writeNativeFinding(outDir, finding, { engine, binary, build }) {
  const directory = join(outDir, 'findings', finding.signature);
  mkdirSync(directory, { recursive: true });
  copyFileSync(finding.input, join(directory, 'input.bin'));
  if (finding.program !== undefined) writeFileSync(join(directory, 'program.json'), `${JSON.stringify(finding.program, null, 2)}\n`);
  const deviation = finding.deviation;
  writeFileSync(join(directory, 'finding.json'), `${JSON.stringify({
    schema: FINDING_SCHEMA,
    signature: finding.signature,
    target: NATIVE_TARGET,
    verdict: finding.verdict,
    category: finding.category,
    minimized: finding.minimized ?? false,
    found: { engine, input: finding.foundInput ?? finding.input, count: finding.count },
    detail: finding.verdict === 'deviation' ? undefined : finding.summary,
    differences: deviation?.differences,
    expected: deviation?.expected,
    actual: deviation?.actual,
  }, null, 2)}\n`);
  const repro = join(directory, 'repro.sh');
  writeFileSync(repro, `#!/bin/sh\n# Runs input.bin in clonecheck's QuickJS-ng harness (built by: node harness/native/build.js --engine ${build.name}).\n`
    + `CLONECHECK_ORACLE_ALWAYS=1 exec "\${CLONECHECK_QUICKJS:-${binary}}" "$(dirname "$0")/input.bin"\n`);
  chmodSync(repro, 0o755);
  writeFileSync(join(directory, 'report.md'), reportText(finding, engine, build));
  return directory;
}

/**
 * @param {NativeFinding} finding
 * @param {string} engine
 * @param {import('./build.js').Toolchain} build
 */
function reportText(finding, engine, build) {
  const sanitized = build.cflags.some((flag) => flag.startsWith('-fsanitize='));
  const lines = [
    `# ${finding.signature}`,
    '',
    `- target: \`${NATIVE_TARGET}\`: QuickJS-ng's JS_WriteObject2 / JS_ReadObject with JS_WRITE_OBJ_SAB | JS_WRITE_OBJ_REFERENCE (what its worker postMessage does), under ${engine}, replayed ${sanitized ? 'with ASan and UBSan' : 'without sanitizers'}`,
    `- verdict: ${finding.verdict}: ${finding.summary}`,
    `- seen in ${finding.count} input${finding.count === 1 ? '' : 's'}; the first is \`input.bin\``,
    '',
  ];
  if (finding.deviation !== undefined) {
    lines.push('## Differences', '', '| path | category | expected | actual |', '|---|---|---|---|');
    for (const d of finding.deviation.differences) {
      lines.push(`| \`${canonicalJSON(d.path)}\` | ${d.category} | \`${canonicalJSON(d.expected)}\` | \`${canonicalJSON(d.actual)}\` |`);
    }
    lines.push('');
  }
  lines.push('## Replay', '', '```sh', './repro.sh    # the native binary on input.bin: prints this report and aborts', '```', '');
  lines.push('## What the binary printed', '', '```', finding.report.trim(), '```', '');
  if (finding.program !== undefined) lines.push('## Program (`program.json`)', '', '```json', JSON.stringify(finding.program, null, 2), '```', '');
  if (finding.deviation !== undefined) {
    lines.push('## Expected observation (reference, spec path, in QuickJS)', '', '```json', canonicalJSON(finding.deviation.expected), '```', '');
    lines.push('## Actual observation (QuickJS-ng serializer)', '', '```json', canonicalJSON(finding.deviation.actual), '```', '');
  }
  return lines.join('\n');
}
