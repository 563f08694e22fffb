// The `filelist` kind: a FileList of file nodes, in order (the same File may
// come twice: sub-serialization shares the memory). FileList has no
// constructor; a DataTransfer, which HTML exposes in windows only, makes one.

import { ArrayIsArray, append, newList } from '../../primordials/intrinsics.js';
import { call, exprs, list, variable } from '../plan.js';
import { describe, isIndex, objectVar, own, report } from '../values.js';
import { checkId, isCanonicalNumericString } from './checks.js';

/** @type {import('./index.js').KindDescriptor} */
export const filelist = {
  kind: 'filelist',
  wpt: 'wpt/filelist.any.js',
  fields: ['files'],
  required: ['files'],
  // Made after the Files it lists.
  stage: 1,
  check(node, path, v) {
    const files = own(node, 'files');
    if (files === undefined) return;
    if (!ArrayIsArray(files)) return report(v.errors, `${path}.files`, `expected an array of ids of file nodes, got ${describe(files)}`);
    for (let i = 0; i < files.length; i++) checkId(own(files, i), `${path}.files[${i}]`, v, 'file', 'a file node');
  },
  // WebIDL: a legacy platform object with no indexed setter refuses to define any array index.
  keyProblem: (node, key) => (isCanonicalNumericString(key) && isIndex(+key, 2 ** 32 - 2)
    ? 'a FileList cannot have an own property with an array index key' : undefined),
  // WebIDL: a legacy platform object's [[PreventExtensions]] returns false.
  integrityProblem: () => 'a FileList cannot be sealed, frozen or made non-extensible (WebIDL refuses it)',
  make(node) {
    const files = newList();
    for (let i = 0; i < node.files.length; i++) append(files, variable(objectVar(node.files[i])));
    return call('filelist', exprs(list(files)));
  },
  summary: (node) => `FileList of ${node.files.length === 0 ? 'no files' : `#${node.files.join(', #')}`}`,
  plain(a, p) {
    const files = a[0].t === 'list' ? a[0].items : [];
    let adds = '';
    for (let i = 0; i < files.length; i++) adds += `dataTransfer.items.add(${p.expr(files[i])}), `;
    return `((dataTransfer) => (${adds}dataTransfer.files))(new DataTransfer())`;
  },
  platform: {
    interface: 'FileList', madeWith: 'DataTransfer', makers: ['DataTransfer'], windowOnly: true, drawn: true,
    sample: { kind: 'filelist', files: [] },
  },
};
