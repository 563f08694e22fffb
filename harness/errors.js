// The exit codes and the one error the user fixes, shared by the domain
// folders that raise it (a ledger that does not parse, an unknown target,
// a budget too small) and the command line that turns it into exit code 2.

/** Exit codes (README): 0 nothing unexpected, 1 deviations, 2 usage or input error, 3 infrastructure error. */
export const EXIT = { ok: 0, findings: 1, usage: 2, infrastructure: 3, interrupted: 130 };

/** An error the user fixes: printed as `clonecheck: <message>`, exit code 2. */
export class UsageError extends Error {}
