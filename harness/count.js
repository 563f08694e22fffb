// Numbers as every line clonecheck prints them, whether a command or a job
// writes it: `count.format(12345)` is `12,345`.

export const count = new Intl.NumberFormat('en-US');
