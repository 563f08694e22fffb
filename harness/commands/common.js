// What every command shares: the progress display and Ctrl-C handling.
// (Options: options.js; exit codes and the usage error: ../errors.js;
// number formatting: ../count.js.)

import cliProgress from 'cli-progress';
import { EXIT } from '../errors.js';

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
