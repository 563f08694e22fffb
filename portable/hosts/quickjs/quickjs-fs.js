// The few node:fs calls portable/hosts/heartbeat.js makes, on quickjs-libc's
// os module: the agent bundle (harness/native/build.js) resolves `node:fs`
// here, so the QuickJS agent beats into its heartbeat file with the same
// code, in the same format, as a Node, Bun or Deno agent.

/** @type {{os: any, std: any}} */
const { os, std } = /** @type {any} */ (globalThis).clonecheckNative;

/**
 * @param {string} path
 * @param {string} flags `r+` or `w+` (what heartbeat.js opens with)
 * @returns {number}
 */
export function openSync(path, flags) {
  const mode = flags === 'w+' ? os.O_RDWR | os.O_CREAT | os.O_TRUNC : os.O_RDWR;
  const fd = os.open(path, mode, 0o644);
  if (fd < 0) throw new Error(`cannot open ${path} (errno ${-fd})`);
  return fd;
}

/**
 * @param {number} fd
 * @param {ArrayBufferView} view
 * @param {number} offset in the view, in bytes
 * @param {number} length
 * @param {number} position in the file
 * @returns {number} the bytes written
 */
export function writeSync(fd, view, offset, length, position) {
  os.seek(fd, position, std.SEEK_SET);
  return os.write(fd, view.buffer, view.byteOffset + offset, length);
}

/**
 * @param {number} fd
 * @param {ArrayBufferView} view
 * @param {number} offset in the view, in bytes
 * @param {number} length
 * @param {number} position in the file
 * @returns {number} the bytes read
 */
export function readSync(fd, view, offset, length, position) {
  os.seek(fd, position, std.SEEK_SET);
  return os.read(fd, view.buffer, view.byteOffset + offset, length);
}

/** @param {number} fd */
export function closeSync(fd) {
  os.close(fd);
}
