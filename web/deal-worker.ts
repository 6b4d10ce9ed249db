/**
 * The play page's worker for deals (deals.ts): a winnable deal, the daily one and a deal's difficulty found away from
 * the page, which meanwhile answers the player (Pyramid's difficulty takes a second, a rare winnable deal several).
 * Each message is `{ id, job }`; the answer `{ id, answer }`, or `{ id, error }` with the library's message. Loaded,
 * it says `{ ready: true }`: the page sends the jobs then.
 */
import { isTengymError } from '../src/index.js';
import { doDealJob, type DealJob } from './deals.js';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ id: number; job: DealJob }>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (e) => {
  const { id, job } = e.data;
  try {
    scope.postMessage({ id, answer: doDealJob(job) });
  } catch (error) {
    scope.postMessage({ id, error: isTengymError(error) ? error.message : String(error) });
  }
};

scope.postMessage({ ready: true });
