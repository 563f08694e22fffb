// Node as the host of the reference engine: Node can see the internal slots
// that script cannot (util.types), so it tells the reference about Proxies and
// about objects with slots the spec refuses (Promise, generators, iterators,
// arguments, module namespaces). Programs register what they build anyway;
// this makes the reference exact for any other value too.

import { types } from 'node:util';
import { setHostHooks } from '../src/index.js';

let installed = false;

/** Tells the reference what Node knows about internal slots (once per process). */
export function installNodeHostHooks() {
  if (installed) return;
  installed = true;
  setHostHooks({
    isProxy: (object) => types.isProxy(object),
    isError: (object) => types.isNativeError(object),
    hasOtherSlots: (object) => types.isPromise(object) || types.isGeneratorObject(object)
      || types.isMapIterator(object) || types.isSetIterator(object) || types.isArgumentsObject(object)
      || types.isModuleNamespaceObject(object) || types.isExternal(object),
  });
}

