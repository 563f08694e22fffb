// The agent page: what portable/hosts/agent.js is to a runtime, in a
// browser tab. It connects back to its pool member (../page-member.js)
// over a WebSocket, takes the pool's workerData (the targets to load, and
// `tasks`: the module that runs the tasks, fuzz's by default; the page's
// import map gives conform's its page twin), answers 'ready' once the
// targets are loaded, then one answer per task. Heartbeats are text
// messages, `b CASE TARGET`; a harness error is `e TEXT`, and the page's
// agent ends there, as an agent process does on an uncaught error.
//
// A case may pollute this realm (a program's realm steps) while a task
// runs: the heartbeat only sends between steps, when the realm is
// restored, and everything it calls is captured here first.

const WebSocketSend = WebSocket.prototype.send;
const FunctionCall = Function.prototype.call;
const send = (/** @type {WebSocket} */ socket, /** @type {string} */ text) => FunctionCall.call(WebSocketSend, socket, text);

/**
 * @param {string} member its id, from the page's URL
 * @param {string} token
 */
export function serveAgent(member, token) {
  const socket = new WebSocket(`ws://${location.host}/agent?member=${encodeURIComponent(member)}&token=${encodeURIComponent(token)}`);
  /** @type {import('../heartbeat.js').HeartbeatWriter} */
  const heartbeat = { beat: (caseIndex, targetIndex) => send(socket, `b ${caseIndex} ${targetIndex}`) };
  /** @type {{loadTargets: (specs: any[]) => Promise<unknown>, runTask: (task: any, heartbeat: any) => Promise<unknown>}} */
  let tasks;
  let workerData;
  // One task at a time, in order: the pool sends the next only after this one's answer.
  let queue = Promise.resolve();
  socket.onmessage = (event) => {
    const text = String(event.data);
    queue = queue.then(() => handle(text)).catch((error) => {
      // A harness error ends the page's agent, as an uncaught one ends an agent process.
      send(socket, `e ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error)}`);
      socket.close();
    });
  };
  /** @param {string} text */
  async function handle(text) {
    if (workerData === undefined) {
      workerData = JSON.parse(text);
      tasks = await import(workerData.tasks ?? '/portable/fuzz/tasks.js');
      // Loading is not a case, and must not count against one's timeout.
      if (workerData.targets !== undefined) await tasks.loadTargets(workerData.targets);
      send(socket, JSON.stringify('ready'));
      return;
    }
    const answer = await tasks.runTask(JSON.parse(text), heartbeat);
    send(socket, JSON.stringify(answer));
  }
}
