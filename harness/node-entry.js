// What `import { structuredClone } from 'clonecheck'` gives in Node (package.json
// "exports", condition "node"; Bun and Deno match that condition too, and
// their node:util answers the same questions): the reference engine of
// src/index.js, with Node's host hooks installed first. Pure JavaScript
// cannot tell a Proxy or a Promise from a plain object, so without them the
// reference would clone both as `{}` where the spec throws a DataCloneError;
// the CLI installs the hooks itself, a library user would not know to. It
// lives here, not in src/, because src/ stays free of host APIs.

import { installNodeHostHooks } from '../portable/hosts/node-host.js';

export * from '../src/index.js';

installNodeHostHooks();
