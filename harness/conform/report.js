// What a conformance run prints and writes: each file as it finishes (its
// status, then one line per subtest, as WPT's runners print them), a summary
// per target, the results document (--json, docs/conform.md) and JUnit XML
// (--junit: one testcase per subtest per target).

/** Results document version (docs/conform.md#the-results-document). */
export const RESULTS_SCHEMA_VERSION = 1;

/**
 * @typedef {object} JudgedOutcome  a file's outcome with what was expected of it
 * @property {import('./run.js').FileOutcome} outcome
 * @property {ReturnType<typeof import('./expectations.js').judgeOutcome>} judged
 */

/** @param {string | null | undefined} message one line */
const oneLine = (message) => (message ?? '').replace(/\s*\n\s*/g, ' ');

/**
 * The lines for one file on one target.
 * @param {string} target
 * @param {JudgedOutcome} result
 * @returns {string}
 */
export function fileLines(target, { outcome, judged }) {
  const mark = (/** @type {boolean} */ unexpected, /** @type {string} */ expected) => (unexpected ? `  [UNEXPECTED, expected ${expected}]` : expected === 'PASS' || expected === 'OK' ? '' : '  [expected]');
  const lines = [`[${target}] ${outcome.id}: ${outcome.status}${outcome.message ? ` (${oneLine(outcome.message)})` : ''}${mark(judged.unexpected, judged.expected)}`];
  outcome.subtests.forEach((subtest, i) => {
    const { unexpected, expected } = judged.subtests[i];
    lines.push(`  ${subtest.status} ${subtest.name}${subtest.message ? `: ${oneLine(subtest.message)}` : ''}${mark(unexpected, expected)}`);
  });
  return `${lines.join('\n')}\n`;
}

/**
 * Counts for one target: subtests by status, files, and what was unexpected.
 * @param {JudgedOutcome[]} results
 */
export function targetCounts(results) {
  const counts = { files: 0, pass: 0, fail: 0, timeout: 0, notrun: 0, notApplicable: 0, fileErrors: 0, unexpected: 0, expectedFailures: 0 };
  for (const { outcome, judged } of results) {
    counts.files += 1;
    if (outcome.status === 'N/A') counts.notApplicable += 1;
    else if (outcome.status !== 'OK') counts.fileErrors += 1;
    if (judged.unexpected) counts.unexpected += 1;
    outcome.subtests.forEach((subtest, i) => {
      const key = { PASS: 'pass', FAIL: 'fail', TIMEOUT: 'timeout', NOTRUN: 'notrun', 'N/A': 'notApplicable', PRECONDITION_FAILED: 'notApplicable' }[subtest.status];
      counts[key] += 1;
      if (judged.subtests[i].unexpected) counts.unexpected += 1;
      else if (subtest.status !== 'PASS' && subtest.status !== 'N/A') counts.expectedFailures += 1;
    });
  }
  return counts;
}

/**
 * The summary table: one row per target and suite.
 * @param {{target: import('./targets.js').ConformTarget, suite: string, counts: ReturnType<typeof targetCounts>}[]} rows
 */
export function summaryTable(rows) {
  const header = ['target', 'suite', 'files', 'pass', 'fail', 'timeout', 'n/a', 'file errors', 'unexpected', 'version'];
  const cells = rows.map(({ target, suite, counts: c }) => [
    target.name, suite, c.files, c.pass, c.fail + c.notrun, c.timeout, c.notApplicable, c.fileErrors, c.unexpected, target.version,
  ].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const line = (/** @type {string[]} */ row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ');
  return `${[line(header), ...cells.map(line)].join('\n')}\n`;
}

/**
 * The results document.
 * @param {{startedAt: string, durationMs: number, reference: object, spec: object, harness: string, suites: object[], timeoutMs: number,
 *   targets: {target: import('./targets.js').ConformTarget, results: JudgedOutcome[]}[]}} run
 */
export function resultsDocument(run) {
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: 'clonecheck conform',
    startedAt: run.startedAt,
    durationMs: Math.round(run.durationMs),
    reference: run.reference,
    spec: run.spec,
    testharness: run.harness,
    timeoutMs: run.timeoutMs,
    suites: run.suites,
    targets: run.targets.map(({ target, results }) => ({
      name: target.name,
      description: target.description,
      version: target.version,
      channels: target.channels,
      counts: targetCounts(results),
      files: results.map(({ outcome, judged }) => ({
        suite: outcome.suite,
        id: outcome.id,
        ...(outcome.channel === undefined ? {} : { channel: outcome.channel }),
        status: outcome.status,
        expected: judged.expected,
        unexpected: judged.unexpected,
        message: outcome.message ?? null,
        ...(outcome.stack ? { stack: outcome.stack } : {}),
        durationMs: outcome.durationMs,
        subtests: outcome.subtests.map((subtest, i) => ({
          name: subtest.name,
          status: subtest.status,
          expected: judged.subtests[i].expected,
          unexpected: judged.subtests[i].unexpected,
          message: subtest.message ?? null,
          ...('stack' in subtest && subtest.stack ? { stack: subtest.stack } : {}),
        })),
      })),
    })),
  };
}

/** @param {string} text @returns {string} safe in XML text and attributes */
export const xml = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]))
  // XML 1.0 has no place for most control characters or lone surrogates: shown escaped.
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * JUnit XML: a testsuite per target and suite, a testcase per subtest (and
 * one for the file itself when it did not end OK, or was not applicable),
 * classname `target.suite.file`. An unexpected result is a <failure>; an
 * expected failure and a not applicable one are <skipped> with the reason.
 * @param {{target: import('./targets.js').ConformTarget, results: JudgedOutcome[]}[]} targets
 */
export function junitXml(targets) {
  const suites = [];
  let total = 0;
  let failures = 0;
  for (const { target, results } of targets) {
    for (const suiteName of [...new Set(results.map((r) => r.outcome.suite))]) {
      const cases = [];
      let suiteFailures = 0;
      for (const { outcome, judged } of results.filter((r) => r.outcome.suite === suiteName)) {
        const classname = `${target.name}.${suiteName}.${outcome.id}`;
        const testcase = (/** @type {string} */ name, /** @type {string} */ status, /** @type {string | null} */ message, /** @type {boolean} */ unexpected, /** @type {string} */ expected, /** @type {number} */ seconds) => {
          let body = '';
          if (unexpected) {
            suiteFailures += 1;
            body = `<failure type="${xml(status)}" message="${xml(`${status} (expected ${expected})${message ? `: ${oneLine(message)}` : ''}`)}"/>`;
          } else if (status === 'N/A') body = `<skipped message="${xml(`not applicable: ${oneLine(message)}`)}"/>`;
          else if (status !== 'PASS' && status !== 'OK') body = `<skipped message="${xml(`expected ${status}${message ? `: ${oneLine(message)}` : ''}`)}"/>`;
          cases.push(`    <testcase classname="${xml(classname)}" name="${xml(name)}" time="${seconds.toFixed(3)}">${body}</testcase>`);
        };
        if (outcome.status !== 'OK') testcase('(file)', outcome.status, outcome.message, judged.unexpected, judged.expected, outcome.durationMs / 1000);
        outcome.subtests.forEach((subtest, i) => testcase(subtest.name, subtest.status, subtest.message, judged.subtests[i].unexpected, judged.subtests[i].expected, 0));
      }
      total += cases.length;
      failures += suiteFailures;
      suites.push(`  <testsuite name="${xml(`${target.name} ${suiteName}`)}" tests="${cases.length}" failures="${suiteFailures}">\n${cases.join('\n')}\n  </testsuite>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="clonecheck conform" tests="${total}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
}
