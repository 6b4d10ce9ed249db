/**
 * Hint latency (`tengym bench --hints`): games are played by following the top hint, and
 * every call of `hint(getState())` at a state with a choice (two legal moves or more) is
 * timed, the whole API path included (state validation, the model or search, sentences
 * and cards). The hinter is shown the other states too, untimed (`observe`), as `tengym play`
 * and the page show it the whole game: a source that remembers (Ten-Twenty-Thirty's) ranks
 * there as a player gets it. The first `warmup` calls (JIT, model load, TensorFlow.js kernels
 * for each batch size, solver tables) are not counted; the very first call is reported apart.
 */
import { loadHinter, type HintChoice } from '../node/hint-loader.js';
import { make } from '../env/registry.js';

export interface HintBenchResult {
  env: string;
  source: string;
  fromModel: boolean;
  states: number;
  games: number;
  warmup: number;
  firstMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

export interface HintBenchOptions {
  states: number;
  warmup: number;
  seed: number;
  top: number;
  /** Who ranks (default: the env's default source). */
  choice?: HintChoice;
}

/** The value at quantile q of sorted values (nearest rank). */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * The most games a bench deals (game i: seed + i): past it, it gives up on finding `states`
 * states with a choice (a game without one, as Tens often has, still counts).
 */
export function hintBenchGames(states: number, warmup: number): number {
  return 100 * (states + warmup) + 1;
}

export async function benchHints(
  envId: string,
  options: Record<string, unknown>,
  bench: HintBenchOptions,
): Promise<HintBenchResult> {
  const { hinter, source, fromModel } = await loadHinter(envId, options, bench.choice);
  const env = make(envId, options);
  const times: number[] = [];
  let calls = 0;
  let firstMs = NaN;
  let games = 0;
  for (let game = 0; times.length < bench.states; game++) {
    if (game >= hintBenchGames(bench.states, bench.warmup)) break;
    env.reset({ seed: bench.seed + game });
    const timedBefore = times.length;
    while (env.running && times.length < bench.states) {
      if (env.legalCount === 1) {
        hinter.observe(env.getState());
        env.step(env.legal[0]);
        continue;
      }
      const state = env.getState();
      const start = performance.now();
      const result = hinter.hint(state, { top: bench.top });
      const ms = performance.now() - start;
      if (calls === 0) firstMs = ms;
      if (calls++ >= bench.warmup) times.push(ms);
      env.step(result.hints[0].action);
    }
    if (times.length > timedBefore) games++;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return {
    env: env.id,
    source,
    fromModel,
    states: sorted.length,
    games,
    warmup: bench.warmup,
    firstMs,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    maxMs: sorted[sorted.length - 1] ?? NaN,
    meanMs: mean,
  };
}
