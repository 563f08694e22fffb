// The dashboard's charts, in the browser: the trend data page.js embedded,
// drawn with Chart.js (its UMD build, copied beside the page: no network).
/* global Chart */

// page.js writes the element with the page: it is there and has text.
const trend = JSON.parse(/** @type {string} */ (document.getElementById('trend-data')?.textContent));
const labels = trend.map((run) => run.run.slice(0, 16).replace('T', ' '));
const engines = [...new Set(trend.flatMap((run) => Object.keys(run.bugs)))].sort();
const PALETTE = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#5d4037', '#ad1457', '#455a64', '#9e9d24'];

/** @param {string} id @param {string} title @param {{label: string, data: number[], color: string, axis?: string}[]} lines */
function lineChart(id, title, lines) {
  // The cast: page.js makes each chart's element a <canvas>.
  new Chart(/** @type {HTMLCanvasElement} */ (document.getElementById(id)), {
    type: 'line',
    data: {
      labels,
      datasets: lines.map(({ label, data, color, axis }) => ({ label, data, borderColor: color, backgroundColor: color, yAxisID: axis ?? 'y', tension: 0.2 })),
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: { title: { display: true, text: title } },
      scales: { y: { beginAtZero: true, position: 'left' }, ...(lines.some((l) => l.axis === 'y2') ? { y2: { beginAtZero: true, position: 'right', grid: { drawOnChartArea: false } } } : {}) },
    },
  });
}

lineChart('chart-conform', 'Conformance subtests per run', [
  { label: 'pass', data: trend.map((r) => r.pass), color: '#2e7d32' },
  { label: 'fail', data: trend.map((r) => r.fail), color: '#f9a825', axis: 'y2' },
  { label: 'unexpected', data: trend.map((r) => r.unexpected), color: '#c62828', axis: 'y2' },
]);
lineChart('chart-bugs', 'Bugs met per run, by engine', [
  ...engines.map((engine, i) => ({ label: engine, data: trend.map((r) => r.bugs[engine] ?? 0), color: PALETTE[i % PALETTE.length] })),
  { label: 'new in the run', data: trend.map((r) => r.newBugs), color: '#000000', axis: 'y2' },
]);
lineChart('chart-speed', 'Fuzzing per run', [
  { label: 'cases', data: trend.map((r) => r.cases), color: '#00838f' },
  { label: 'cases/s', data: trend.map((r) => r.casesPerSecond), color: '#ef6c00', axis: 'y2' },
]);
