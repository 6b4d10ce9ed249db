/**
 * Environment throughput: the `tengym bench` command. Random legal play with the mask
 * and observation written on every step (the env always writes both), for the single
 * env and for a VectorEnv of `numEnvs` copies; time is checked every 4,096 steps.
 */
import { createRng, randomInt } from './rng.js';
import { make } from './registry.js';
import { VectorEnv } from './vector.js';

export interface BenchResult {
  env: string;
  stepsPerSecond: number;
  vectorStepsPerSecond: number;
  numEnvs: number;
}

const CHUNK = 4096;

function singleEnvRate(id: string, options: Record<string, unknown>, seconds: number): number {
  const env = make(id, options);
  const rng = createRng(1);
  env.reset({ seed: 0 });
  let steps = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    for (let k = 0; k < CHUNK; k++) {
      if (!env.running) env.reset();
      else {
        env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
        steps++;
      }
    }
    now = performance.now();
  }
  return steps / ((now - start) / 1000);
}

function vectorEnvRate(id: string, options: Record<string, unknown>, seconds: number, numEnvs: number): number {
  const vec = new VectorEnv(id, options, numEnvs);
  const rng = createRng(2);
  const actions = new Int32Array(numEnvs);
  vec.reset({ seed: 0 });
  let steps = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    for (let k = 0; k < CHUNK; k += numEnvs) {
      for (let i = 0; i < numEnvs; i++) {
        const env = vec.envs[i];
        actions[i] = env.legal[randomInt(rng, 0, env.legalCount - 1)];
      }
      vec.step(actions);
      steps += numEnvs;
    }
    now = performance.now();
  }
  return steps / ((now - start) / 1000);
}

/** Steps per second of env `id` with `options` (its defaults when empty). */
export function benchEnv(id: string, seconds = 2, numEnvs = 64, options: Record<string, unknown> = {}): BenchResult {
  // Warm-up so the JIT has compiled the hot path before timing.
  singleEnvRate(id, options, Math.min(0.3, seconds / 4));
  const stepsPerSecond = singleEnvRate(id, options, seconds);
  vectorEnvRate(id, options, Math.min(0.3, seconds / 4), numEnvs);
  const vectorStepsPerSecond = vectorEnvRate(id, options, seconds, numEnvs);
  return { env: id, stepsPerSecond, vectorStepsPerSecond, numEnvs };
}
