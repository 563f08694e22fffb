// The chromium family: Debian's Chromium (or a build given with --browser),
// driven through Playwright; its agents are pages (harness/browsers/).

/** @type {import('./index.js').Family<'chromium', 'debian'>} */
export default {
  name: 'chromium',
  install: { from: 'debian', binary: '/usr/lib/chromium/chromium', packages: ['chromium'], helpers: [] },
  identify: (said) => /^(?:Chromium|Google Chrome(?: for Testing)?) (\S+)/.exec(said)?.[1],
  browser: true,
  // Through playwright-core, every name lookup kept on loopback (ENVIRONMENT.md, Browsers).
  launch: {
    with: 'playwright',
    type: 'chromium',
    args: [
      '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ],
  },
  hostHooks: 'portable/hosts/page/no-host-hooks.js',
  classicScripts: 'portable/hosts/page/classic-script.js',
  expectations: ['wpt/expectations/chromium.json'],
  worker: { kind: 'dedicated', needs: 'Worker', snippet: 'web' },
  limits: ['window'],
  tracker: { name: 'Chromium', file: 'https://issues.chromium.org/issues/new', form: 'plain' },
  support: { by: 'installed', source: "clonecheck drives the Chromium installed here (Debian's package, or --browser); it keeps no end of life for it" },
};
