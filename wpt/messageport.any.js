// META: title=MessagePort: transferred through the transfer list only, entangled with the original's other end, the original detached (HTML StructuredSerializeWithTransfer steps 2 and 5, MessagePort transfer steps)

promise_test(async (t) => {
  const { port1, port2 } = new MessageChannel();
  t.add_cleanup(() => port2.close());
  const clone = structuredClone(port1, { transfer: [port1] });
  t.add_cleanup(() => clone.close());
  assert_true(clone instanceof MessagePort, 'a MessagePort');
  assert_not_equals(clone, port1, 'a new object');
  const arrived = new Promise((resolve) => {
    clone.onmessage = (event) => resolve(`clone ${event.data}`);
    port1.onmessage = (event) => resolve(`original ${event.data}`);
  });
  port2.postMessage('hello');
  assert_equals(await arrived, 'clone hello', 'the other end reaches the clone, not the original');
}, 'a transferred MessagePort is a new port entangled with the original\'s other end');

test(() => {
  const { port1, port2 } = new MessageChannel();
  const clone = structuredClone({ a: port1, b: [port1] }, { transfer: [port1] });
  assert_equals(clone.a, clone.b[0]);
  clone.a.close();
  port2.close();
}, 'a transferred port reached twice is one port in the clone');

test(() => {
  const { port1, port2 } = new MessageChannel();
  assert_throws_dom('DataCloneError', () => structuredClone({ port1 }));
  port1.close();
  port2.close();
}, 'a MessagePort outside the transfer list throws DataCloneError (not serializable)');

test(() => {
  const { port1, port2 } = new MessageChannel();
  const clone = structuredClone(port1, { transfer: [port1] });
  assert_throws_dom('DataCloneError', () => structuredClone(port1, { transfer: [port1] }));
  clone.close();
  port2.close();
}, 'a detached MessagePort (transferred before) throws DataCloneError');

test(() => {
  const { port1, port2 } = new MessageChannel();
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [port1, port1] }));
  const clone = structuredClone(port1, { transfer: [port1] });
  assert_true(clone instanceof MessagePort, 'not detached by the refused call');
  clone.close();
  port2.close();
}, 'the same port twice in the transfer list throws DataCloneError and detaches nothing');

test(() => {
  const { port1, port2 } = new MessageChannel();
  const buffer = new ArrayBuffer(4);
  assert_throws_dom('DataCloneError', () => structuredClone({ port1 }, { transfer: [buffer] }));
  assert_equals(buffer.byteLength, 4, 'step 3 threw before step 5 detached anything');
  port1.close();
  port2.close();
}, 'a port in the value but not in the transfer list throws before the listed buffer is detached');

test(() => {
  const { port1, port2 } = new MessageChannel();
  Object.setPrototypeOf(port1, null);
  const clone = structuredClone(port1, { transfer: [port1] });
  assert_equals(Object.getPrototypeOf(clone), MessagePort.prototype, 'the brand is in the slots, not the prototype');
  clone.close();
  port2.close();
}, 'a MessagePort whose prototype is null is still transferred as a MessagePort');

test(() => {
  const impostor = Object.create(MessagePort.prototype);
  assert_throws_dom('DataCloneError', () => structuredClone(1, { transfer: [impostor] }));
}, 'an object whose prototype is MessagePort.prototype is no port: the transfer list refuses it');
