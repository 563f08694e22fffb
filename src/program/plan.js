// The plan: a program compiled to a straight list of runtime calls.
//
// `compile` turns a program into a plan; `build` interprets the plan (calling
// the runtime), `emit` prints it (as calls to the same runtime). A plan is a
// tiny language with just what that needs: literals, variables, runtime
// calls, array literals and argument-less arrow functions.
//
// Nodes are plain object literals: every field a reader reads is an own
// property of each node of that type (an absent `comment` is there as
// undefined), so no read reaches a possibly polluted Object.prototype.
// Giving each a null prototype (`record`) took a fifth of `compile`.

import { append, newList } from '../primordials/intrinsics.js';

/**
 * @typedef {{t: 'lit', value: string | number | boolean | null}
 *   | {t: 'undefined'}
 *   | {t: 'number', text: string}
 *   | {t: 'bigint', text: string}
 *   | {t: 'var', name: string}
 *   | {t: 'call', op: string, args: Expr[]}
 *   | {t: 'list', items: Expr[]}
 *   | {t: 'thunk', body: Stmt[]}} Expr
 * @typedef {{t: 'const', name: string, init: Expr, comment?: string}
 *   | {t: 'do', expr: Expr, comment?: string}
 *   | {t: 'comment', text: string}
 *   | {t: 'return', expr: Expr}} Stmt
 */

/** @param {string | number | boolean | null} value @returns {Expr} */
export const lit = (value) => ({ t: 'lit', value });
/** @type {Expr} */
export const UNDEFINED = ({ t: 'undefined' });
/** @param {string} text 'NaN', '-0', 'Infinity', '-Infinity' @returns {Expr} */
export const specialNumber = (text) => ({ t: 'number', text });
/** @param {string} text @returns {Expr} */
export const bigintLiteral = (text) => ({ t: 'bigint', text });
/** @param {string} name @returns {Expr} */
export const variable = (name) => ({ t: 'var', name });
/** @param {string} op a runtime operation @param {Expr[]} args @returns {Expr} */
export const call = (op, args) => ({ t: 'call', op, args });
/** @param {Expr[]} items @returns {Expr} */
export const list = (items) => ({ t: 'list', items });
/** @param {Stmt[]} body @returns {Expr} */
export const thunk = (body) => ({ t: 'thunk', body });

/** @param {Expr} expr @param {string} [comment] @returns {Stmt} */
export const doStmt = (expr, comment) => ({ t: 'do', expr, comment });
/** @param {string} name @param {Expr} init @param {string} [comment] @returns {Stmt} */
export const constStmt = (name, init, comment) => ({ t: 'const', name, init, comment });
/** @param {string} text @returns {Stmt} */
export const commentStmt = (text) => ({ t: 'comment', text });
/** @param {Expr} expr @returns {Stmt} */
export const returnStmt = (expr) => ({ t: 'return', expr });

/**
 * Builds an argument list, dropping trailing `true` literals where the runtime
 * parameter defaults to true (property attributes), so the repro stays short.
 * @param {Expr[]} args
 * @param {number} keep the number of leading arguments always kept
 * @returns {Expr[]}
 */
export function trimTrue(args, keep) {
  let end = args.length;
  while (end > keep) {
    const last = args[end - 1];
    if (last.t !== 'lit' || last.value !== true) break;
    end--;
  }
  const result = newList();
  for (let i = 0; i < end; i++) append(result, args[i]);
  return result;
}

/** @param {...Expr} items @returns {Expr[]} */
export function exprs(...items) {
  const result = newList();
  for (let i = 0; i < items.length; i++) append(result, items[i]);
  return result;
}

/** The build context every plan starts by making (`const cx = rt.context(...)`): makers that log or keep things take it. */
export const CX = variable('cx');

/** @param {unknown} value @returns {Expr} the literal, or undefined when the value is absent */
export function optionalLit(value) {
  return value === undefined ? UNDEFINED : lit(/** @type {any} */ (value));
}

/** @param {readonly (string | number | boolean | null)[]} values @returns {Expr} a list of their literals */
export function litList(values) {
  const items = newList();
  for (let i = 0; i < values.length; i++) append(items, lit(values[i]));
  return list(items);
}
