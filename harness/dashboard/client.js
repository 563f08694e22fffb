// The dashboard's charts, in the browser: the trend data page.js embedded,
// drawn with Chart.js (its UMD build, copied beside the page: no network).
/* global Chart */

const trend = JSON.parse(document.getElementById('trend-data').textContent);
const labels = trend.map((run) => run.run.slice(0, 16).replace('T', ' '));
let distinct = 0;
const cumulative = trend.map((run) => (distinct += run.newFindings));

/** @param {string} id @param {string} title @param {{label: string, data: number[], color: string, axis?: string}[]} lines */
function lineChart(id, title, lines) {
  new Chart(document.getElementById(id), {
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
lineChart('chart-findings', 'Findings per run', [
  { label: 'findings in the run', data: trend.map((r) => r.findings), color: '#1565c0' },
  { label: 'first seen in the run', data: trend.map((r) => r.newFindings), color: '#c62828' },
  { label: 'distinct so far', data: cumulative, color: '#6a1b9a' },
]);
lineChart('chart-speed', 'Fuzzing per run', [
  { label: 'cases', data: trend.map((r) => r.cases), color: '#00838f' },
  { label: 'cases/s', data: trend.map((r) => r.casesPerSecond), color: '#ef6c00', axis: 'y2' },
]);
