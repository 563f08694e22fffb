// The `storage` channel (browsers only): IndexedDB put(value, key), which
// runs StructuredSerializeForStorage synchronously (a DataCloneError, and
// every getter the clone runs, happen inside the call), then get(key) in a
// new transaction, which deserializes into this realm. The programs carry
// `forStorage` (portable/targets/programs.js withStorage), so the oracle
// serializes for storage too. Each value is deleted once read. It settles
// with `settled(value)`, never with the value itself.
//
// No awaits: the case's realm set-up is in place until this settles, and
// everything it calls was captured when the module loaded.

import { settled } from '../../case/case.js';

export const settlesBoxed = true;

const PromiseCtor = Promise;
const indexedDBFactory = globalThis.indexedDB;
const STORE = 'values';

/** @type {IDBDatabase | undefined} */
let database;
/** @type {((db: IDBDatabase) => void)[]} what waits for the database to open */
const waiting = [];
let failure;
let nextKey = 0;

// Opened when the module loads (the target loads before any case), in a
// database of this page's own: each agent page has a browser context of its own.
if (indexedDBFactory !== undefined) {
  const name = `clonecheck-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const opening = indexedDBFactory.open(name, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
  opening.onsuccess = () => {
    database = opening.result;
    for (const run of waiting.splice(0)) run(database);
  };
  opening.onerror = () => {
    failure = opening.error;
  };
}

/** @param {(db: IDBDatabase) => void} run */
function withDatabase(run) {
  if (database !== undefined) run(database);
  else waiting.push(run);
}

/** @type {import('../../case/case.js').SettlingCloneFunction} */
export default function viaIndexedDB(value) {
  return new PromiseCtor((resolve, reject) => {
    if (indexedDBFactory === undefined || failure !== undefined) {
      reject(failure ?? new TypeError('this global has no indexedDB'));
      return;
    }
    withDatabase((db) => {
      const key = nextKey++;
      const writing = db.transaction(STORE, 'readwrite');
      try {
        writing.objectStore(STORE).put(value, key);
      } catch (error) {
        writing.abort();
        reject(error);
        return;
      }
      writing.onerror = () => reject(writing.error);
      writing.oncomplete = () => {
        const reading = db.transaction(STORE, 'readwrite');
        const store = reading.objectStore(STORE);
        const request = store.get(key);
        store.delete(key);
        reading.onerror = () => reject(reading.error);
        reading.oncomplete = () => resolve(settled(request.result));
      };
    });
  });
}
