import type { CommandModule } from 'yargs';
import { agentsFor } from '../../agents/index.js';
import { envSpec } from '../../env/registry.js';
import { formatTable, writeLine } from '../io.js';

interface Args {
  env: string;
  json: boolean;
}

export const agentsCommand: CommandModule<object, Args> = {
  command: 'agents',
  describe: 'List the agents that play an env',
  builder: (y) =>
    y
      .option('env', { type: 'string', demandOption: true, describe: 'Env id (tengym envs lists them)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print [{ name, description, fair, ceiling? }] (ceiling: an exact optimum, not a baseline)' }),
  handler: (args) => {
    const list = agentsFor(envSpec(args.env).id);
    if (args.json) writeLine(JSON.stringify(list));
    else writeLine(formatTable(['agent', 'fair', 'idea'], list.map((a) => [a.name + (a.ceiling ? ' (ceiling)' : ''), a.fair ? 'yes' : 'NO (sees the stock)', a.description])));
  },
};
