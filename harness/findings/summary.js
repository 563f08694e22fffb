// One line for a finding, as the nightly document, the gate and the dashboard show it.

/**
 * One line for a finding: its first difference (or its verdict).
 * @param {{category: string, diff: {path: string, category: string, expected: unknown, actual: unknown}[]}} finding
 */
export function findingSummary({ category, diff }) {
  const [d] = diff;
  if (d === undefined) return category;
  return `${d.path} ${d.category}: expected ${JSON.stringify(d.expected)}, actual ${JSON.stringify(d.actual)}`.slice(0, 300);
}
