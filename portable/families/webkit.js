// The webkit family: WebKitGTK's MiniBrowser from Debian (or a build given
// with --browser), driven through WebKitWebDriver under a private Xvfb; its
// agents are pages (harness/browsers/).

/** @type {import('./index.js').Family<'webkit', 'debian'>} */
export default {
  name: 'webkit',
  install: {
    from: 'debian', binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', packages: ['webkit2gtk-driver', 'xvfb'], helpers: ['WebKitWebDriver', 'Xvfb'],
  },
  // MiniBrowser says nothing without a display: harness/browsers/browsers.js asks Debian's package (a build of yours reports it once its session starts).
  identify: () => undefined,
  browser: true,
  // MiniBrowser through WebKitWebDriver under a private Xvfb (harness/browsers/launch-webkit.js).
  launch: { with: 'webkit-webdriver' },
  hostHooks: 'portable/hosts/page/no-host-hooks.js',
  classicScripts: 'portable/hosts/page/classic-script.js',
  expectations: ['wpt/expectations/webkit.json'],
  worker: { kind: 'dedicated', needs: 'Worker', snippet: 'web' },
  // WebKitGTK 2.50's MiniBrowser is cross-origin isolated and still has no SharedArrayBuffer:
  // shared buffers become ArrayBuffers (programs.js unshared).
  limits: ['window', 'unshared'],
  tracker: { name: 'WebKit', file: 'https://bugs.webkit.org/enter_bug.cgi?product=WebKit', form: 'plain' },
  support: { by: 'installed', source: "clonecheck drives the WebKitGTK installed here (Debian's package, or --browser); it keeps no end of life for it" },
};
