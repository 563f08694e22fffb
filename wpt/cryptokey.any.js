// META: title=CryptoKey: cloned with its type, extractability, algorithm, usages and key material (Web Cryptography CryptoKey serialization steps); keys are made asynchronously, so every test is a promise_test
// META: variant=?channel=clone
// META: variant=?channel=messagechannel
// META: variant=?channel=worker
// META: script=resources/channel.js

const hmacKey = (extractable = true) => crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256', length: 256 }, extractable, ['sign', 'verify']);

promise_test(async () => {
  const key = await hmacKey();
  const clone = await channel_clone(key);
  assert_true(clone instanceof CryptoKey, 'a CryptoKey');
  assert_not_equals(clone, key, 'a new object');
  assert_array_equals([clone.type, clone.extractable, clone.algorithm.name, clone.algorithm.hash.name, clone.algorithm.length], ['secret', true, 'HMAC', 'SHA-256', 256]);
  assert_array_equals(clone.usages, ['sign', 'verify']);
  const [original, copy] = await Promise.all([crypto.subtle.exportKey('raw', key), crypto.subtle.exportKey('raw', clone)]);
  assert_array_equals(new Uint8Array(copy), new Uint8Array(original), 'the same key material');
}, 'a secret key is cloned with its type, extractability, algorithm, usages and key material');

promise_test(async () => {
  const key = await crypto.subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', false, ['encrypt']);
  const clone = await channel_clone(key);
  assert_array_equals([clone.type, clone.extractable, clone.algorithm.name, clone.algorithm.length], ['secret', false, 'AES-GCM', 128]);
  assert_array_equals(clone.usages, ['encrypt']);
}, 'a key that is not extractable is cloned (its material travels, still not extractable)');

promise_test(async () => {
  const { privateKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const clone = await channel_clone(privateKey);
  assert_array_equals([clone.type, clone.algorithm.name, clone.algorithm.namedCurve], ['private', 'ECDSA', 'P-256']);
  assert_array_equals(clone.usages, ['sign']);
  const data = new Uint8Array([1, 2, 3]);
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, clone, data);
  assert_equals(signature.byteLength, 64, 'the clone signs');
}, 'a private key is cloned and signs');

promise_test(async () => {
  const key = await hmacKey();
  const clone = await channel_clone([key, { again: key }]);
  assert_equals(clone[0], clone[1].again);
}, 'a CryptoKey met twice is one CryptoKey in the clone');

promise_test(async () => {
  const key = await hmacKey();
  key.extra = 1;
  const clone = await channel_clone(key);
  assert_false('extra' in clone, 'own properties are not carried');
}, 'a CryptoKey\'s own properties are not cloned');

promise_test(async () => {
  const clone = await channel_clone(Object.create(CryptoKey.prototype));
  assert_equals(Object.getPrototypeOf(clone), Object.prototype);
}, 'an object whose prototype is CryptoKey.prototype is cloned as an ordinary object');

promise_test(async (t) => {
  const key = await hmacKey();
  Object.setPrototypeOf(key, null);
  // Node 22 neither delivers such a key through a port nor throws (its worker delivers nothing after it:
  // this test comes last): fail in 2 s, not at the harness timeout.
  const clone = await Promise.race([channel_clone(key), new Promise((_, reject) => t.step_timeout(() => reject(new Error('never arrived')), 2000))]);
  // Node makes every key an instance of an internal subclass: instanceof, not the prototype itself.
  assert_true(clone instanceof CryptoKey, 'the brand is in the slots, not the prototype');
  assert_equals(clone.type, 'secret');
}, 'a CryptoKey whose prototype is null is still cloned as a CryptoKey');
