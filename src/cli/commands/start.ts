import type { CommandModule } from 'yargs';
import { agentsFor } from '../../agents/index.js';
import { SHIPPED_MODELS_DIR, shippedModelEnvs } from '../../agents/resolve.js';
import { evaluate } from '../../train/evaluate.js';
import { writeLine } from '../io.js';
import { ProgressBar } from '../progress.js';
import { evalTable } from './eval.js';

interface Args {
  env?: string;
  episodes: number;
  seed: number;
}

export { shippedModelEnvs };

/**
 * The agents a shipped model is compared with: every fair baseline of its env except
 * `first` (random's twin in strength) and `pimc` (the dearest, shown in the README's
 * ladder), plus the ceiling where one exists; the reference is the best simple heuristic.
 */
export function startAgents(envId: string): { agents: string[]; reference: string } {
  const names = agentsFor(envId)
    .filter((a) => a.name !== 'first' && a.name !== 'pimc' && (a.fair || a.ceiling))
    .map((a) => a.name);
  const reference = ['longest', 'greedy'].find((n) => names.includes(n)) ?? names[0];
  return { agents: ['model', ...names], reference };
}

export const startCommand: CommandModule<object, Args> = {
  command: 'start',
  describe: 'The main job (npm start): every shipped model against the baselines of its env, on the same deals',
  builder: (y) =>
    y
      .option('env', { type: 'string', describe: 'Only this env (default: every env with a model in models/)' })
      .option('episodes', { type: 'number', default: 2000, describe: 'Deals per env (deal i uses seed + i)' })
      .option('seed', { type: 'number', default: 123, describe: 'Seed of the first deal' }),
  handler: async (args) => {
    const envs = args.env === undefined ? shippedModelEnvs() : [args.env];
    if (envs.length === 0) {
      writeLine(`tengym: no model is shipped in ${SHIPPED_MODELS_DIR}`);
      return;
    }
    writeLine(`tengym: the shipped models against the baselines, ${args.episodes} deals per env from seed ${args.seed}, the same deals for every agent\n`);
    for (const env of envs) {
      const { agents, reference } = startAgents(env);
      const bar = new ProgressBar();
      const report = await evaluate({ env, agents, episodes: args.episodes, seed: args.seed, reference }, (done, total, agent) => bar.update(done, total, `${env} ${agent}`));
      bar.done();
      writeLine(`${env}  (model = models/${env}/)`);
      writeLine(evalTable(report));
      writeLine(`rerun: tengym eval --env ${env} --agents ${agents.join(',')} --episodes ${args.episodes} --seed ${args.seed} --reference ${reference}\n`);
    }
  },
};

