// Dotted versions compared number by number: runtimes' releases (`1.3.10`
// after `1.3.9`), browsers' (`156.0.8078.79`) and release lines (`1.4`).
// Here, below the harness, because a family's support (support.js) compares
// release lines and triage and bisect compare releases the same way.

/**
 * @param {string} a @param {string} b  dotted versions (`1.3.10`, `22.23.3`, `156.0.8078.79`)
 * @returns {number} negative when a is older
 */
export function compareVersions(a, b) {
  const pa = a.split(/[.+-]/).map(Number);
  const pb = b.split(/[.+-]/).map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d !== 0) return d;
  }
  return 0;
}
