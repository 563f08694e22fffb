// channel_clone(value, {transfer}) for a test file run through channels:
// the file has one `// META: variant=?channel=NAME` line per channel and
// includes this script (`// META: script=resources/channel.js`); each
// variant sends its values through the channel its URL names
// (location.search, read as a WPT test reads its variant) and settles with
// what landed back in this realm, rejecting with what was thrown.
//
// The channels themselves are the runner's: clonecheck opens the one a
// variant names before the scripts run (portable/conform/channels.js) and
// leaves it in `clonecheck_channels`. A runner that gives a file another
// channel than its URL names, or none, is told so here instead of the file
// failing on an undefined function.
//
// A classic script evaluated in the test's global: `var` and function
// declarations are its globals. The query is read without URLSearchParams,
// which QuickJS-ng lacks.

var channel_name = (/[?&]channel=([^&#]*)/.exec(location.search) || [])[1];

if (channel_name === undefined) {
  throw new Error(`resources/channel.js: the test's URL (${location.href}) names no channel: run it as one of its META: variant=?channel=NAME lines`);
}
channel_name = decodeURIComponent(channel_name);
if (typeof clonecheck_channels !== 'object' || typeof clonecheck_channels[channel_name] !== 'function') {
  throw new Error(`resources/channel.js: this runner opened no '${channel_name}' channel for the test`);
}

function channel_clone(value, options) {
  return clonecheck_channels[channel_name](value, options);
}
