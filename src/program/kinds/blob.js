// The `blob` and `file` kinds: a Blob of bytes with a media type, a File
// that adds a name and a lastModified time. A shell global (QuickJS-ng's)
// has neither.

import { NumberIsSafeInteger } from '../../primordials/intrinsics.js';
import { call, exprs, lit, litList } from '../plan.js';
import { describe, own, report } from '../values.js';
import { checkBytes, checkString } from './checks.js';

/** @type {import('./index.js').KindDescriptor} */
export const blob = {
  kind: 'blob',
  wpt: 'wpt/blob-file-domexception.any.js',
  fields: ['bytes', 'type'],
  required: ['bytes'],
  check(node, path, v) {
    checkBytes(node, path, v);
    checkString(own(node, 'type'), `${path}.type`, v);
  },
  make: (node) => call('blob', exprs(litList(node.bytes), lit(own(node, 'type') ?? ''))),
  summary: () => 'Blob',
  plain: (a, p) => `new Blob([new Uint8Array(${p.expr(a[0])})], { type: ${p.expr(a[1])} })`,
  platform: { interface: 'Blob', makers: ['Blob'], shellLacks: true, drawn: true },
};

/** @type {import('./index.js').KindDescriptor} */
export const file = {
  kind: 'file',
  wpt: 'wpt/blob-file-domexception.any.js',
  fields: ['bytes', 'type', 'name', 'lastModified'],
  required: ['bytes', 'name'],
  check(node, path, v) {
    checkBytes(node, path, v);
    checkString(own(node, 'type'), `${path}.type`, v);
    checkString(own(node, 'name'), `${path}.name`, v);
    // A long long: negative times (before 1970) too.
    const lastModified = own(node, 'lastModified');
    if (lastModified !== undefined && !(typeof lastModified === 'number' && NumberIsSafeInteger(lastModified))) {
      report(v.errors, `${path}.lastModified`, `expected a safe integer (milliseconds since 1970), got ${describe(lastModified)}`);
    }
  },
  make: (node) => call('file', exprs(litList(node.bytes), lit(node.name), lit(own(node, 'type') ?? ''), lit(own(node, 'lastModified') ?? 0))),
  summary: () => 'File',
  plain: (a, p) => `new File([new Uint8Array(${p.expr(a[0])})], ${p.expr(a[1])}, { type: ${p.expr(a[2])}, lastModified: ${p.expr(a[3])} })`,
  platform: { interface: 'File', makers: ['File'], shellLacks: true, drawn: true },
};
