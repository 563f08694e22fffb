// The `messageport` kind: port1 of a new MessageChannel, its other end kept
// by the build (the observation posts from it) or dropped. [Transferable]
// only: a channel without a transfer list makes it an ordinary object.

import { ObjectHasOwn } from '../../primordials/intrinsics.js';
import { CX, call, exprs, lit } from '../plan.js';
import { own } from '../values.js';
import { checkEnum } from './checks.js';

/** A messageport node's other end: kept by the build (the observation posts from it) or dropped. */
export const OTHER_ENDS = ['kept', 'dropped'];

/** @type {import('./index.js').KindDescriptor} */
export const messageport = {
  kind: 'messageport',
  wpt: 'wpt/messageport.any.js',
  fields: ['otherEnd'],
  required: [],
  check(node, path, v) {
    if (ObjectHasOwn(node, 'otherEnd')) checkEnum(own(node, 'otherEnd'), OTHER_ENDS, `${path}.otherEnd`, v);
  },
  make: (node) => call('messageport', exprs(CX, lit((own(node, 'otherEnd') ?? 'kept') === 'kept'))),
  summary: (node) => `MessagePort, other end ${own(node, 'otherEnd') ?? 'kept'}`,
  plain: () => 'new MessageChannel().port1',
  // QuickJS-ng has no MessageChannel.
  platform: {
    interface: 'MessagePort', madeWith: 'MessageChannel', makers: ['MessageChannel'], transferOnly: true, drawn: true,
    sample: { kind: 'messageport', otherEnd: 'dropped' },
  },
};
