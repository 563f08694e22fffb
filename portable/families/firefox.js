// The firefox family: Debian's firefox-esr (or a build given with
// --browser), driven through Playwright over WebDriver BiDi; its agents are
// pages (harness/browsers/).

/** @type {import('./index.js').Family<'firefox', 'debian'>} */
export default {
  name: 'firefox',
  install: { from: 'debian', binary: '/usr/lib/firefox-esr/firefox-esr', packages: ['firefox-esr'], helpers: [] },
  identify: (said) => /^Mozilla Firefox (\S+)/.exec(said)?.[1],
  browser: true,
  launch: {
    with: 'playwright',
    type: 'firefox',
    channel: 'moz-firefox',
    // Without both, Firefox looks up its remote-settings host.
    env: { MOZ_REMOTE_SETTINGS_DEVTOOLS: '1' },
    prefs: { 'services.settings.server': 'data:,#remote-settings-dummy/v1' },
  },
  hostHooks: 'portable/hosts/page/no-host-hooks.js',
  classicScripts: 'portable/hosts/page/classic-script.js',
  expectations: ['wpt/expectations/firefox.json'],
  worker: { kind: 'dedicated', needs: 'Worker', snippet: 'web' },
  limits: ['window'],
  tracker: { name: 'Firefox', file: 'https://bugzilla.mozilla.org/enter_bug.cgi?product=Core', form: 'plain' },
  support: { by: 'installed', source: "clonecheck drives the Firefox ESR installed here (Debian's package, or --browser); it keeps no end of life for it" },
};
