// The entry of a receiving realm during fuzzing, a worker's module or a
// frame's script (realm.js says what it does). In Node, Bun and Deno it
// tells the reference about what only Node's util.types can see, as every
// fuzz thread and agent does, so the oracle taken here matches; a browser's
// worker or frame has no such thing (and no import map to say so), and the
// reference uses its brand checks there.

import { serveRealm } from './realm.js';

if (typeof globalThis.process !== 'undefined') (await import('../../hosts/node-host.js')).installNodeHostHooks();
serveRealm();
