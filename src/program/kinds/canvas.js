// The `offscreencanvas` kind (an OffscreenCanvas, with or without a 2D
// rendering context: with one, its transfer throws InvalidStateError) and
// the `imagebitmap` kind (an ImageBitmap of a new canvas's transparent
// pixels). Only browsers make both: Node, Bun and QuickJS-ng have no
// OffscreenCanvas; Deno 2.9.6 has one, but its transferToImageBitmap()
// throws InvalidStateError ("Canvas hasn't been initialized yet").

import { ObjectHasOwn } from '../../primordials/intrinsics.js';
import { call, exprs, lit } from '../plan.js';
import { own } from '../values.js';
import { checkEnum, checkSide } from './checks.js';

/** An offscreencanvas node's rendering context: none (transferable) or a 2D one (its transfer throws InvalidStateError). */
export const CANVAS_CONTEXTS = ['none', '2d'];

/** @type {import('./index.js').KindDescriptor} */
export const offscreencanvas = {
  kind: 'offscreencanvas',
  wpt: 'wpt/offscreencanvas.any.js',
  fields: ['width', 'height', 'context'],
  required: ['width', 'height'],
  check(node, path, v) {
    checkSide(own(node, 'width'), `${path}.width`, v);
    checkSide(own(node, 'height'), `${path}.height`, v);
    if (ObjectHasOwn(node, 'context')) checkEnum(own(node, 'context'), CANVAS_CONTEXTS, `${path}.context`, v);
  },
  make: (node) => call('offscreencanvas', exprs(lit(node.width), lit(node.height), lit(own(node, 'context') ?? 'none'))),
  summary: (node) => `OffscreenCanvas ${node.width}x${node.height}`,
  plain: (a, p) => (p.litValue(a[2]) === '2d'
    ? `((canvas) => (canvas.getContext('2d'), canvas))(new OffscreenCanvas(${p.expr(a[0])}, ${p.expr(a[1])}))`
    : `new OffscreenCanvas(${p.expr(a[0])}, ${p.expr(a[1])})`),
  platform: {
    interface: 'OffscreenCanvas', makers: ['OffscreenCanvas'], drawn: true,
    sample: { kind: 'offscreencanvas', width: 1, height: 1 },
  },
};

/** @type {import('./index.js').KindDescriptor} */
export const imagebitmap = {
  kind: 'imagebitmap',
  wpt: 'wpt/offscreencanvas.any.js',
  fields: ['width', 'height'],
  required: ['width', 'height'],
  check(node, path, v) {
    checkSide(own(node, 'width'), `${path}.width`, v);
    checkSide(own(node, 'height'), `${path}.height`, v);
  },
  make: (node) => call('imagebitmap', exprs(lit(node.width), lit(node.height))),
  summary: (node) => `ImageBitmap ${node.width}x${node.height}`,
  plain: (a, p) => `((canvas) => (canvas.getContext('2d'), canvas.transferToImageBitmap()))(new OffscreenCanvas(${p.expr(a[0])}, ${p.expr(a[1])}))`,
  platform: {
    interface: 'ImageBitmap', madeWith: 'OffscreenCanvas', makers: [], drawn: true,
    sample: { kind: 'imagebitmap', width: 1, height: 1 },
  },
};
