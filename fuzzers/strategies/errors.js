// Errors: every native type, odd messages, a cause (primitive, object or the
// error itself), custom names through own props or getters, a message getter,
// extra props, other prototypes, and a stack formatted when the error is made
// or left untouched: what the clone reads (name, message, cause) and drops,
// and what an engine that formats the stack while cloning runs (the name and
// message getters).

import fc from 'fast-check';
import { NATIVE_ERROR_NAMES } from '../../src/primordials/intrinsics.js';
import { numberValue } from '../arbitraries/numbers.js';
import { primitiveValue, symbolValue } from '../arbitraries/primitives.js';
import { stringLiteral } from '../arbitraries/strings.js';

/** Errors: every native type, custom names through own props or getters, cause, extra props, stack state. */
export const errorGraph = fc
  .record({
    type: fc.constantFrom(...NATIVE_ERROR_NAMES),
    message: fc.oneof(stringLiteral, fc.constant({ undefined: true }), numberValue, symbolValue),
    cause: fc.oneof(fc.constant('none'), primitiveValue, fc.constant('object'), fc.constant('self')),
    name: fc.oneof(fc.constant('none'), fc.constantFrom('TypeError', 'MyError', 'DataCloneError', ''), fc.constant('getter'), fc.constant('non-string')),
    extra: fc.boolean(),
    proto: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(null, 'Object.prototype', 'Error.prototype') }),
    // Drawn last, so the fields above come out as they did before these existed.
    stack: fc.constantFrom('formatted', 'untouched'),
    messageGetter: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  })
  .map(({ type, message, cause, name, extra, proto, stack, messageGetter }) => {
    /** @type {Record<string, any>} */
    const error = { kind: 'error', type, message };
    const objects = [error];
    if (cause === 'object') {
      objects.push({ kind: 'object', props: [{ key: 'why', value: 'because' }] });
      error.cause = { ref: 1 };
    } else if (cause === 'self') error.cause = { ref: 0 };
    else if (cause !== 'none') error.cause = cause;
    const props = [];
    if (name === 'getter') props.push({ key: 'name', get: { returns: 'RangeError' } });
    else if (name === 'non-string') props.push({ key: 'name', value: 42 });
    else if (name !== 'none') props.push({ key: 'name', value: name });
    // An accessor message: the clone must not call it (only a data message is
    // read), but formatting an untouched stack does.
    if (messageGetter) props.push({ key: 'message', get: { returns: 'from a getter' } });
    if (extra) props.push({ key: 'extra', value: 'kept?' });
    if (props.length > 0) error.props = props;
    if (proto !== undefined) error.proto = proto;
    if (stack === 'untouched') error.stack = stack;
    return { root: { ref: 0 }, objects };
  });
