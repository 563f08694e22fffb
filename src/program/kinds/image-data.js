// The `imagedata` kind: an ImageData of width x height pixels (its data 4
// bytes a pixel, transparent black when no bytes are given) in a colour
// space. Browsers have it; Node, Bun, Deno and QuickJS-ng do not, where the
// generator's node becomes an ordinary object (portable/targets/programs.js
// judgeableHere, by the sample node).

import { ObjectHasOwn } from '../../primordials/intrinsics.js';
import { UNDEFINED, call, exprs, lit, litList } from '../plan.js';
import { own, report } from '../values.js';
import { checkBytes, checkEnum, checkSide } from './checks.js';

export const COLOR_SPACES = ['srgb', 'display-p3'];

/** @type {import('./index.js').KindDescriptor} */
export const imagedata = {
  kind: 'imagedata',
  wpt: 'wpt/imagedata-geometry.any.js',
  fields: ['width', 'height', 'bytes', 'colorSpace'],
  required: ['width', 'height'],
  check(node, path, v) {
    const width = own(node, 'width');
    const height = own(node, 'height');
    const sidesOk = checkSide(width, `${path}.width`, v) && checkSide(height, `${path}.height`, v);
    if (ObjectHasOwn(node, 'bytes') && checkBytes(node, path, v) && sidesOk && node.bytes.length !== 4 * width * height) {
      report(v.errors, `${path}.bytes`, `expected ${4 * width * height} bytes (4 a pixel), got ${node.bytes.length}`);
    }
    if (ObjectHasOwn(node, 'colorSpace')) checkEnum(own(node, 'colorSpace'), COLOR_SPACES, `${path}.colorSpace`, v);
  },
  make: (node) => call('imagedata', exprs(
    lit(node.width), lit(node.height), ObjectHasOwn(node, 'bytes') ? litList(node.bytes) : UNDEFINED, lit(own(node, 'colorSpace') ?? 'srgb'),
  )),
  summary: () => 'ImageData',
  plain(a, p) {
    const data = a[2].t === 'undefined' ? '' : `new Uint8ClampedArray(${p.expr(a[2])}), `;
    return `new ImageData(${data}${p.expr(a[0])}, ${p.expr(a[1])}, { colorSpace: ${p.expr(a[3])} })`;
  },
  platform: {
    interface: 'ImageData', makers: ['ImageData'], drawn: true,
    sample: { kind: 'imagedata', width: 1, height: 1 },
  },
};
