// emit(program): standalone JavaScript that builds the same value as
// `build(program)` — the repro a finding ships with.
//
// The source is an expression evaluating to `(registerOpaque?) => Built`:
// the program's plan printed as calls to the runtime, followed by the
// runtime's own source text (the very function `build` calls), so the two
// cannot drift apart and the repro needs nothing from clonecheck.

import { JSONStringify, StringCtor, uncurryThis } from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';
import { compile } from './compile.js';
import { createRuntime } from './runtime.js';
import { validate } from './schema.js';

/** @typedef {import('./plan.js').Expr} Expr @typedef {import('./plan.js').Stmt} Stmt */

/** Read once, when this module loads (ECMA-262 keeps a function's source text). */
const RUNTIME_SOURCE = uncurryThis(Function.prototype.toString)(createRuntime);
const TypeErrorCtor = currentRealm.errors.TypeError;

/**
 * @param {unknown} program
 * @returns {string} a JavaScript expression evaluating to `(registerOpaque?) => Built`
 */
export function emit(program) {
  const errors = validate(program);
  if (errors.length > 0) throw new TypeErrorCtor(`invalid program at ${errors[0].path}: ${errors[0].message}`);
  const body = printBody(compile(program), '  ');
  return '((rt) => (registerOpaque) => {\n'
    + '  // Built by clonecheck from a clonecheck/program@1 program. `rt` is the runtime below.\n'
    + `${body}})(\n(${RUNTIME_SOURCE})(globalThis))\n`;
}

/**
 * @param {Stmt[]} body
 * @param {string} indent
 * @returns {string}
 */
function printBody(body, indent) {
  let text = '';
  for (let i = 0; i < body.length; i++) {
    const stmt = body[i];
    const trailing = stmt.t !== 'comment' && stmt.t !== 'return' && stmt.comment !== undefined ? ` // ${stmt.comment}` : '';
    switch (stmt.t) {
      case 'comment': text += `${i === 0 ? '' : '\n'}${indent}// ${stmt.text}\n`; break;
      case 'const': text += `${indent}const ${stmt.name} = ${printExpr(stmt.init, indent)};${trailing}\n`; break;
      case 'do': text += `${indent}${printExpr(stmt.expr, indent)};${trailing}\n`; break;
      case 'return': text += `${indent}return ${printExpr(stmt.expr, indent)};\n`; break;
    }
  }
  return text;
}

/**
 * @param {Expr} expr
 * @param {string} indent the indentation of the line the expression starts on
 * @returns {string}
 */
function printExpr(expr, indent) {
  switch (expr.t) {
    case 'lit': return typeof expr.value === 'string' ? JSONStringify(expr.value) : StringCtor(expr.value);
    case 'undefined': return 'undefined';
    case 'number': return expr.text;
    case 'bigint': return `${expr.text}n`;
    case 'var': return expr.name;
    case 'call': return `rt.${expr.op}(${printList(expr.args, indent)})`;
    case 'list': return `[${printList(expr.items, indent)}]`;
    case 'thunk':
      if (expr.body.length === 0) return '() => {}';
      return `() => {\n${printBody(expr.body, `${indent}  `)}${indent}}`;
  }
  throw new TypeErrorCtor('unknown plan expression');
}

/**
 * @param {Expr[]} items
 * @param {string} indent
 */
function printList(items, indent) {
  let text = '';
  for (let i = 0; i < items.length; i++) text += (i === 0 ? '' : ', ') + printExpr(items[i], indent);
  return text;
}
