// The firefox family: Debian's firefox-esr (or a build given with
// --browser), driven through Playwright over WebDriver BiDi; its agents are
// pages (harness/browsers/).

/** @type {import('./index.js').Family} */
export default {
  name: 'firefox',
  install: { from: 'debian', binary: '/usr/lib/firefox-esr/firefox-esr', packages: ['firefox-esr'], helpers: [] },
  identify: (said) => /^Mozilla Firefox (\S+)/.exec(said)?.[1],
  browser: true,
  hostHooks: 'portable/hosts/page/no-host-hooks.js',
  expectations: ['wpt/expectations/firefox.json'],
  worker: { kind: 'dedicated', needs: 'Worker', snippet: 'web' },
  limits: ['window'],
};
