/**
 * Worker thread of `evaluate`: posts `{ ready: true }` once its modules are loaded, then plays
 * the tasks it is sent and posts back `{ progress }` every few episodes and `{ rows }` at the end
 * of each task.
 */
// A worker thread knows the games this list registers (a game registered at run time plays in its own thread).
import '../games/index.js';
import { parentPort } from 'node:worker_threads';
import { playEpisodes, type EpisodeTask } from './episodes.js';

const port = parentPort;
if (!port) throw new Error('evaluate-worker must run in a worker thread');
// The main thread already said which TensorFlow.js backend it uses.
process.env.TENGYM_QUIET = '1';

port.on('message', async (task: EpisodeTask) => {
  try {
    let reported = 0;
    const rows = await playEpisodes(task, (done) => {
      if (done - reported >= 25) {
        port.postMessage({ progress: done - reported });
        reported = done;
      }
    });
    port.postMessage({ progress: task.to - task.from - reported, rows });
  } catch (e) {
    port.postMessage({ error: e instanceof Error ? e.message : String(e), code: (e as { code?: string }).code });
  }
});
// Loaded: what `EvalPool.start` waits for, so that no agent's timed deals pay for a thread's start.
port.postMessage({ ready: true });
