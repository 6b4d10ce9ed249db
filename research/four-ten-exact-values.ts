/**
 * Four Ten's default rules played by the afterstate agent's own decision procedure with the exact
 * pace values in place of a network (`playWithExactValues`): what a network would play if it learned
 * its targets perfectly, a measurement behind docs/decisions.md, not part of training. Solving takes
 * minutes. `npx tsx research/four-ten-exact-values.ts [episodes] [seed]`.
 */
import '../src/games/index.js';
import { FourTenTeacher, playWithExactValues } from '../src/games/four-ten/learned/targets.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

void runIfMain(import.meta.url, () => {
  const { positionals } = programArgs(
    `  npx tsx research/four-ten-exact-values.ts [episodes] [seed]   (default 500 123; solving takes minutes)`,
    {},
    true,
  );
  const episodes = Number(positionals[0] ?? 500);
  const seed = Number(positionals[1] ?? 123);
  const teacher = new FourTenTeacher({});
  const { wins, meanRounds } = playWithExactValues(teacher, {}, episodes, seed);
  process.stdout.write(
    `four-ten, the afterstate agent with exact pace values (solved in ${teacher.seconds.toFixed(0)} s): ` +
      `${wins}/${episodes} won, mean rounds ${meanRounds.toFixed(3)} (deals ${seed} + i)\n`,
  );
});
