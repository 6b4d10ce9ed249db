/**
 * `tengym hint`: the legal moves of a saved state (getState() JSON, as `tengym replay`
 * prints it), ranked by the env's default source (the strongest fair one measured), a
 * catalogue agent or a model directory (`--agent`).
 */
import type { CommandModule } from 'yargs';
import { formatScore, type Hint, type HintResult } from '../../hints/hint.js';
import { loadHinter, type HintChoice } from '../../node/hint-loader.js';
import { TengymError, isPlainObject } from '../../env/errors.js';
import { envSpec, make } from '../../env/registry.js';
import { parseOptionsJson, readTextInput, writeLine } from '../io.js';

interface Args {
  env: string;
  options?: string;
  state?: string;
  input?: string;
  model?: string;
  agent?: string;
  top: number;
  json: boolean;
}

/**
 * Where the state comes from: a file, or stdin for "-". yargs reads `--state -` as an empty
 * --state followed by a positional "-", which it hands over as "".
 */
function stateSource(args: Args): string {
  if (args.state !== undefined && args.state !== '' && args.input !== undefined) {
    throw new TengymError('bad-argument', `give the state once: ${JSON.stringify(args.input === '' ? '-' : args.input)} or --state ${JSON.stringify(args.state)}, not both`);
  }
  if (args.state !== undefined && args.state !== '') return args.state;
  if (args.input !== undefined) return args.input === '' ? '-' : args.input;
  throw new TengymError('bad-argument', 'give the state as --state FILE, or --state - to read it from stdin');
}

/** The user's choice of who ranks: `--agent NAME` or `--model DIR` (not both), or none (the env's default source). */
export function hintChoice(agent: string | undefined, model: string | undefined, modelFlag = '--model'): HintChoice | undefined {
  if (agent !== undefined && model !== undefined) throw new TengymError('bad-argument', `give --agent or ${modelFlag}, not both (--agent takes a model directory too)`);
  if (agent !== undefined) return { agent };
  return model === undefined ? undefined : { model };
}

/** One state from the input: a getState() JSON, or a `tengym replay` line holding one. */
export function parseStateText(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed === '') throw new TengymError('bad-state', 'bad state: the input is empty; give the JSON of env.getState() (one line of tengym replay will do)');
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    const lines = trimmed.split('\n').filter((l) => l.trim() !== '');
    if (lines.length > 1) throw new TengymError('bad-state', `bad state: the input holds ${lines.length} lines; give one state (e.g. one line of tengym replay)`);
    throw new TengymError('bad-state', `bad state: not JSON (${(e as Error).message})`);
  }
  if (!isPlainObject(value)) throw new TengymError('bad-state', 'bad state: expected a JSON object { env, options, rng, undosUsed, game }');
  if (!('env' in value) && isPlainObject(value.state)) return value.state;
  return value;
}

export function hintLines(result: HintResult, numbering: (h: Hint, i: number) => string = (_h, i) => `${i + 1}.`): string[] {
  const moves = `${result.legalCount} legal move${result.legalCount === 1 ? '' : 's'}`;
  const lines = [result.note ? `${result.note} (${moves})` : `Hints from ${result.source} · ${moves}`];
  const labels = result.hints.map((h, i) => numbering(h, i));
  const width = Math.max(...labels.map((l) => l.length));
  result.hints.forEach((h, i) => {
    const tail = result.sameOutcome ? `action ${h.action}` : `action ${h.action} · ${formatScore(h)}`;
    lines.push(`  ${labels[i].padStart(width)} ${h.text} · ${tail}`);
  });
  return lines;
}

export const hintCommand: CommandModule<object, Args> = {
  command: 'hint [input]',
  describe: "Rank the legal moves of a saved state (getState() JSON) with the env's strongest measured source, or any agent (--agent)",
  builder: (y) =>
    y
      .positional('input', { type: 'string', describe: 'The state file, or - for stdin (the same as --state)' })
      .option('env', { type: 'string', demandOption: true, describe: 'Env id (tengym envs lists them)' })
      .option('options', { type: 'string', describe: "Env options as JSON (default: the state's own options)" })
      .option('state', { type: 'string', describe: 'File holding the state JSON (a line of tengym replay will do), or - for stdin' })
      .option('agent', { type: 'string', describe: 'Who ranks: an agent of the env (tengym agents --env ID lists them) or a model directory, as eval --agents takes them; default: the strongest fair source measured for the env (README, "Where hints come from")' })
      .option('model', { type: 'string', describe: 'Model directory (model.json + weights.bin) to rank with; the same as --agent DIR' })
      .option('top', { type: 'number', default: 5, describe: 'Moves to list, best first (0: every legal move)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print { env, source, sameOutcome, hints: [{ action, score, scoreKind, text, cards }] }' })
      .check((a) => {
        if (!Number.isInteger(a.top) || a.top < 0) throw new TengymError('bad-argument', '--top must be an integer ≥ 0 (0 lists every legal move)');
        return true;
      })
      .example('$0 replay --env decade --seed 3 --policy first | sed -n 6p > s.json && $0 hint --env decade --state s.json', 'Hints for a state from the middle of a game')
      .example('$0 hint --env decade --state - --json < s.json', 'The same as JSON, reading stdin')
      .example('$0 hint --env decade --agent lookahead --state s.json', 'Hints from another agent of the env'),
  handler: async (args) => {
    const id = envSpec(args.env).id;
    const state = parseStateText(await readTextInput(stateSource(args), 'state file'));
    const options = args.options !== undefined ? parseOptionsJson(args.options) : state.env === id && state.options && typeof state.options === 'object' ? state.options : {};
    const env = make(id, options);
    env.setState(state);
    if (!env.running) throw new TengymError('episode-over', `no hint: the game in this state is over (${JSON.stringify(env.outcome())})`);
    const { hinter } = await loadHinter(env.id, env.options, hintChoice(args.agent, args.model));
    const result = hinter.hint(env, args.top === 0 ? {} : { top: args.top });
    if (args.json) {
      writeLine(JSON.stringify(result));
      return;
    }
    writeLine(env.render());
    writeLine('');
    for (const line of hintLines(result)) writeLine(line);
  },
};
