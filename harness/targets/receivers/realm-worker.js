// The entry of a receiving worker during fuzzing (realm.js says what it
// does). It tells the reference about what only Node's util.types can see,
// as every fuzz thread and agent does, so the oracle taken here matches.

import { installNodeHostHooks } from '../../case/node-host.js';
import { serveRealm } from './realm.js';

installNodeHostHooks();
serveRealm();
