// What every command shares: exit codes, the one-line usage error, number
// formatting, and the progress display. (Options: options.js.)

import cliProgress from 'cli-progress';

/** Exit codes (README): 0 nothing unexpected, 1 deviations, 2 usage or input error, 3 infrastructure error. */
export const EXIT = { ok: 0, findings: 1, usage: 2, infrastructure: 3, interrupted: 130 };

/** An error the user fixes: printed as `clonecheck: <message>`, exit code 2. */
export class UsageError extends Error {}

export const count = new Intl.NumberFormat('en-US');

/**
 * A live status line on a terminal (cli-progress); elsewhere (CI logs, pipes)
 * a plain line every 30 s.
 * @param {{total: number, format: string}} options `format` uses cli-progress tokens and the payload's names
 */
export function progressDisplay({ total, format }) {
  const bar = new cliProgress.SingleBar({
    format,
    stream: process.stderr,
    hideCursor: true,
    noTTYOutput: true,
    notTTYSchedule: 30_000,
    fps: 5,
    etaBuffer: 50,
  }, cliProgress.Presets.shades_classic);
  let startedBar = false;
  return {
    /** @param {number} value @param {Record<string, unknown>} payload */
    update(value, payload) {
      if (!startedBar) {
        bar.start(total, value, payload);
        startedBar = true;
      } else bar.update(value, payload);
    },
    /** @param {number} newTotal */
    setTotal(newTotal) {
      bar.setTotal(newTotal);
    },
    stop() {
      if (startedBar) bar.stop();
    },
  };
}

/**
 * Ctrl-C handling for long commands: the first press asks the run to stop
 * (and keep what it found), the second skips the remaining clean-up work
 * (e.g. shrinking), a third quits at once. SIGTERM counts as a press: a CI
 * job's timeout sends it, and the run must still write its results.
 * @param {string[]} messages what the first and second press do
 * @param {(press: number) => void} [onPress]  told of each press the run handles (1, 2, …)
 */
export function interrupts(messages, onPress = () => {}) {
  let presses = 0;
  const onSigint = () => {
    presses += 1;
    if (presses > messages.length) process.exit(EXIT.interrupted);
    process.stderr.write(`\n${messages[presses - 1]}\n`);
    onPress(presses);
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  return {
    get presses() {
      return presses;
    },
    dispose() {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
    },
  };
}
