import type { CommandModule } from 'yargs';
import { envIds } from '../../env/registry.js';
import { randomPlayStats } from '../../train/stats.js';
import { writeLine } from '../io.js';
import { statsTable } from './stats.js';

interface Args {
  episodes: number;
}

export const startCommand: CommandModule<object, Args> = {
  command: 'start',
  describe: 'The main job (npm start): random-play outcome rates of every registered env',
  builder: (y) => y.option('episodes', { type: 'number', default: 10000, describe: 'Deals per env' }),
  handler: (args) => {
    writeLine(`tengym: random play, ${args.episodes} seeded deals per env (tengym stats --env ID for one)\n`);
    writeLine(statsTable(envIds().map((id) => randomPlayStats(id, {}, args.episodes, 0))));
  },
};
