// What a page imports in place of portable/hosts/node-host.js (the server's
// import map says so): a browser has no util.types to tell the reference
// about internal slots, so the reference finds them by its brand checks, as
// in any host but Node, Bun and Deno. Programs register the objects whose
// slots script cannot see (proxies, promises, …) when they are built.

/** Nothing to install in a page. */
export function installNodeHostHooks() {}
