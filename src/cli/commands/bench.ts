import type { CommandModule } from 'yargs';
import { envIds, envSpec } from '../../env/registry.js';
import { benchEnv } from '../../train/bench.js';
import { formatTable, writeLine } from '../io.js';

interface Args {
  env?: string;
  seconds: number;
  'num-envs': number;
  json: boolean;
}

export const benchCommand: CommandModule<object, Args> = {
  command: 'bench',
  describe: 'Steps per second of random legal play (mask and observation every step), single env and vector env',
  builder: (y) =>
    y
      .option('env', { type: 'string', describe: 'One env id (default: every id)' })
      .option('seconds', { type: 'number', default: 2, describe: 'Seconds timed per env and per mode' })
      .option('num-envs', { type: 'number', default: 64, describe: 'Copies in the vector env' })
      .option('json', { type: 'boolean', default: false, describe: 'Print [{ env, stepsPerSecond, vectorStepsPerSecond, numEnvs }]' }),
  handler: (args) => {
    const ids = args.env ? [envSpec(args.env).id] : envIds();
    const results = ids.map((id) => benchEnv(id, args.seconds, args['num-envs']));
    if (args.json) {
      writeLine(JSON.stringify(results.map((r) => ({ ...r, stepsPerSecond: Math.round(r.stepsPerSecond), vectorStepsPerSecond: Math.round(r.vectorStepsPerSecond) }))));
      return;
    }
    const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
    writeLine(formatTable(['env', 'steps/s (single)', `steps/s (vector ×${args['num-envs']})`], results.map((r) => [r.env, fmt(r.stepsPerSecond), fmt(r.vectorStepsPerSecond)])));
  },
};
