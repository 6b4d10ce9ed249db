/**
 * The time a hint takes, as the process's own CPU time beside the wall clock: on a machine shared
 * with other work the wall clock counts the time the process waits for a core, its CPU time does
 * not. Plays games of one env by the top hint from seed 1 and times `hint(getState(), { top: 3 })` at
 * every state with a choice, after `--warmup` untimed calls (JIT, solver tables), as
 * `tengym bench --hints` does.
 *
 *   npx tsx research/hint-cpu-time.ts --env pyramid --states 800 --warmup 200
 */
import '../src/games/index.js';
import { make } from '../src/env/registry.js';
import { createHinter } from '../src/hints/hint.js';
import { programArgs } from '../src/node/program-args.js';

const USAGE = '  npx tsx research/hint-cpu-time.ts [--env ID] [--states N] [--warmup N]';
const { values } = programArgs(USAGE, {
  env: { type: 'string', default: 'pyramid' },
  states: { type: 'string', default: '800' },
  warmup: { type: 'string', default: '200' },
});
const states = Number(values.states);
const warmup = Number(values.warmup);
const hinter = createHinter();
const wall: number[] = [];
const cpu: number[] = [];
let seed = 1;
let calls = 0;
while (wall.length < states) {
  const env = make(values.env);
  env.reset({ seed: seed++ });
  while (env.running && wall.length < states) {
    if (env.legalCount === 1) {
      env.step(env.legal[0]);
      continue;
    }
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const result = hinter.hint(env.getState(), { top: 3 });
    const took = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    if (++calls > warmup) {
      wall.push(took);
      cpu.push((used.user + used.system) / 1000);
    }
    env.step(result.hints[0].action);
  }
}
const at = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * q))];
const line = (times: number[]) =>
  `p50 ${at(times, 0.5).toFixed(2)} ms, p99 ${at(times, 0.99).toFixed(1)} ms, max ${at(times, 1).toFixed(1)} ms`;
process.stdout.write(
  `${values.env}: ${states} hints after ${warmup} untimed, ${seed - 1} games\n` +
    `  CPU time:   ${line(cpu)}\n  wall clock: ${line(wall)}\n`,
);
