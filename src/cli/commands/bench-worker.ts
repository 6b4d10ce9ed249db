/**
 * Worker thread of `tengym bench`: times one id, posted as `workerData`, and posts its `BenchResult` back. A thread of
 * its own gives each id a JIT that no other game has trained (bench.ts, `benchAlone`).
 */
// A worker thread knows the games this list registers, as evaluate-worker.ts does.
import '../../games/index.js';
import { parentPort, workerData } from 'node:worker_threads';
import { benchEnv } from '../../env/bench.js';

const port = parentPort;
if (!port) throw new Error('bench-worker must run in a worker thread');
const { id, seconds, numEnvs, options } = workerData as {
  id: string;
  seconds: number;
  numEnvs: number;
  options: Record<string, unknown>;
};
port.postMessage(benchEnv(id, seconds, numEnvs, options));
