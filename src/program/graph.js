// The checks of a program's object graph as a whole, beyond each node's own
// fields: a proxy's target chain ends at a non-proxy node, and no node's
// `proto` closes a prototype cycle (Object.setPrototypeOf would throw).

import { append, newList } from '../primordials/intrinsics.js';
import { isIndex, isRecord, own, report, soleKey } from './values.js';
import { kindOf } from './kinds/checks.js';

/**
 * A proxy's target chain must end at a non-proxy node.
 * @param {import('./kinds/checks.js').Validator} v
 */
export function checkProxyTargets(v) {
  for (let i = 0; i < v.objectCount; i++) {
    if (kindOf(v, i) === 'proxy' && proxyTarget(v.nodes, i) === undefined) {
      report(v.errors, `$.objects[${i}].target`, `the proxy target chain from #${i} never reaches a non-proxy node`);
    }
  }
}

/**
 * The non-proxy node at the end of a proxy chain (i itself when it is not a proxy).
 * @param {any[]} nodes
 * @param {number} id
 * @returns {number | undefined} undefined on a cycle or a bad id
 */
export function proxyTarget(nodes, id) {
  for (let steps = 0; steps <= nodes.length; steps++) {
    const node = own(nodes, id);
    if (!isRecord(node)) return undefined;
    if (own(node, 'kind') !== 'proxy') return id;
    id = own(node, 'target');
    if (!isIndex(id) || id >= nodes.length) return undefined;
  }
  return undefined;
}

/**
 * The node a node's prototype is (its `proto` ref, seen through proxies), if any.
 * @param {any[]} nodes
 * @param {number} id
 * @returns {number | undefined}
 */
function protoNode(nodes, id) {
  const proto = own(own(nodes, id), 'proto');
  if (!isRecord(proto) || soleKey(proto) !== 'ref' || !isIndex(proto.ref) || proto.ref >= nodes.length) return undefined;
  return proxyTarget(nodes, proto.ref);
}

/**
 * The ids of the nodes whose `proto` closes a prototype cycle
 * (Object.setPrototypeOf would throw, or a proxy would hide a cycle).
 * @param {any[]} nodes nodes whose ids and proxy chains are valid
 * @returns {number[]}
 */
export function prototypeCycles(nodes) {
  /** @type {number[]} */
  const result = newList();
  for (let start = 0; start < nodes.length; start++) {
    if (own(own(nodes, start), 'kind') === 'proxy') continue;
    let id = protoNode(nodes, start);
    for (let steps = 0; id !== undefined && steps < nodes.length; steps++) {
      if (id === start) {
        append(result, start);
        break;
      }
      id = protoNode(nodes, id);
    }
  }
  return result;
}

/** @param {import('./kinds/checks.js').Validator} v */
export function checkPrototypeCycles(v) {
  const cycles = prototypeCycles(v.nodes);
  for (let i = 0; i < cycles.length; i++) {
    report(v.errors, `$.objects[${cycles[i]}].proto`, `the prototype chain of #${cycles[i]} leads back to it`);
  }
}
