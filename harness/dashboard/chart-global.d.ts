// client.js runs as a classic script after Chart.js's UMD build, which puts
// the Chart class on the page's global object (page.js writes both tags).
declare const Chart: typeof import('chart.js').Chart;
