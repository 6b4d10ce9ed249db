/**
 * The play page's deals beyond a seed: a winnable one, the daily one, and a deal's difficulty. The same functions run
 * in the page (its first deal) and in its worker (deal-worker.ts: every later one, and the difficulty, which can take
 * a second), so that both give the deal `pickDeal` gives in Node.
 */
import { dealDifficulty, make, pickDeal, type DealDifficulty } from '../src/index.js';

export type DealLevel = 'easy' | 'medium' | 'hard';

/** A deal to find: from a seed drawn at random (a new deal) or the day's (`date`: the daily deal). */
export interface DealRequest {
  kind: 'deal';
  env: string;
  options: Record<string, unknown>;
  /** The first seed tried (a new deal's, drawn at random), or the day "YYYY-MM-DD" of the daily deal. */
  from: number | { date: string };
  /** Only a deal that can be won (`pickDeal`'s `winnable`). */
  winnable: boolean;
  /** Only a winnable deal of this third by difficulty (`pickDeal`'s `level`); null: any. */
  level: DealLevel | null;
  /**
   * Only a deal that leaves the player a move to choose (`pickDeal`'s `playable`): a new deal's rule. The daily deal
   * is `pickDeal`'s of the day, whatever it is.
   */
  playable: boolean;
}

/** A deal's difficulty to work out (`dealDifficulty`; null: it cannot be won). */
export interface DifficultyRequest {
  kind: 'difficulty';
  env: string;
  options: Record<string, unknown>;
  seed: number;
}

export type DealJob = DealRequest | DifficultyRequest;

/** The deal found (its difficulty where a level was asked), or a deal's difficulty. */
export interface DealAnswer {
  seed: number;
  /** Undefined where not worked out. */
  difficulty?: DealDifficulty | null;
}

/** Does a job: the deal it asks for, or the deal's difficulty. Throws the library's `TengymError` where it refuses. */
export function doDealJob(job: DealJob): DealAnswer {
  const env = make(job.env, job.options);
  if (job.kind === 'difficulty') {
    env.reset({ seed: job.seed });
    return { seed: job.seed, difficulty: dealDifficulty(env) };
  }
  const asked = { winnable: job.winnable, ...(job.level === null ? {} : { level: job.level }) };
  const from = typeof job.from === 'number' ? { seed: job.from } : { date: job.from.date };
  const picked = pickDeal(env, { ...from, ...asked, playable: job.playable });
  return { seed: picked.seed, ...(picked.difficulty === null ? {} : { difficulty: picked.difficulty }) };
}
