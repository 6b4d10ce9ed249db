/**
 * `tengym hint`: the legal moves of a saved state (getState() JSON, as `tengym replay`
 * prints it), ranked by the env's default source (the strongest fair one measured), a
 * catalogue agent or a model directory (`--agent`). Given the game so far, one state a line,
 * it ranks the last and shows the hinter the others first (Ten-Twenty-Thirty's sources
 * remember the order of the cards under the stock only from seeing every state).
 */
import type { CommandModule } from 'yargs';
import { GameStates, checkGameInOrder, formatScore, type Hint, type HintResult } from '../../hints/hint.js';
import { VALUE_UNITS } from '../../agents/agent.js';
import { loadHinter, type HintChoice } from '../../node/hint-loader.js';
import { TengymError, isPlainObject, plural, showValue } from '../../env/errors.js';
import { envSpec, make } from '../../env/registry.js';
import { parseOptionsJson, readTextInput, writeLine } from '../io.js';

interface Args {
  env?: string;
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
    throw new TengymError(
      'bad-argument',
      `give the state once: ${JSON.stringify(args.input === '' ? '-' : args.input)} or --state ` +
        `${JSON.stringify(args.state)}, not both`,
    );
  }
  if (args.state !== undefined && args.state !== '') return args.state;
  if (args.input !== undefined) return args.input === '' ? '-' : args.input;
  throw new TengymError('bad-argument', 'give the state as --state FILE, or --state - to read it from stdin');
}

/** The user's choice of who ranks: `--agent NAME` or `--model DIR` (not both), or none (the env's default source). */
export function hintChoice(
  agent: string | undefined,
  model: string | undefined,
  modelFlag = '--model',
): HintChoice | undefined {
  if (agent !== undefined && model !== undefined)
    throw new TengymError(
      'bad-argument',
      `give --agent or ${modelFlag}, not both (--agent takes a model directory too)`,
    );
  if (agent !== undefined) return { agent };
  return model === undefined ? undefined : { model };
}

/** A state JSON, or a `tengym replay` line holding one. */
function stateOf(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value))
    throw new TengymError('bad-state', 'bad state: expected a JSON object { env, options, rng, undosUsed, game }');
  if (!('env' in value) && isPlainObject(value.state)) return value.state;
  return value;
}

/** The env a state names (getState() JSON has `env`), for a hint asked without --env. */
function envNamedBy(state: Record<string, unknown>): string {
  if (typeof state.env === 'string') return state.env;
  throw new TengymError(
    'bad-argument',
    `--env is needed: the state names no env (getState() JSON has "env": "decade", say), got ${showValue(state.env)}`,
  );
}

/**
 * The states of the input, and for a game of several, where each stands: for one a line, its
 * line in the input (blank lines counted) and how many lines it has; for a JSON array (a saved
 * `GameStates`), its place in the array.
 */
export interface StatesInput {
  states: Record<string, unknown>[];
  lineNumbers?: number[];
  lineCount?: number;
  /** What `lineNumbers` count: lines of the input, or states of an array. */
  item?: 'line' | 'state';
}

/** "line 8 of 13: " (or "state 8 of 13: ") for states[i] of a game given as several; '' for a single state. */
function lineLabel(input: StatesInput, i: number): string {
  return input.lineNumbers ? `${input.item ?? 'line'} ${input.lineNumbers[i]} of ${input.lineCount}: ` : '';
}

/** Runs `f`, a TengymError it throws told with the line of state i ("line 8 of 13: bad decade state: …"). */
function onLine<T>(input: StatesInput, i: number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TengymError && input.lineNumbers)
      throw new TengymError(e.code, `${lineLabel(input, i)}${e.message}`);
    throw e;
  }
}

/**
 * The states from the input: one getState() JSON (on one line or several), or one state a line
 * (`tengym replay` lines will do), the game so far in order, the last one to rank.
 */
export function parseStatesText(text: string): StatesInput {
  const trimmed = text.trim();
  if (trimmed === '')
    throw new TengymError(
      'bad-state',
      'bad state: the input is empty; give the JSON of env.getState() (one line of tengym replay will do)',
    );
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    return parseStateLines(text, e);
  }
  return statesOfDocument(whole);
}

/**
 * One JSON document: a state (or a `tengym replay` line), a saved game `{ state, states }` as
 * docs/hints.md saves one (its `states` are the game so far), or those states alone (an array).
 */
function statesOfDocument(value: unknown): StatesInput {
  if (isPlainObject(value) && !('env' in value) && 'deal' in value && 'moves' in value)
    return statesOfDocument(statesOfMoves(value));
  const states = Array.isArray(value)
    ? value
    : isPlainObject(value) && !('env' in value) && Array.isArray(value.states)
      ? value.states
      : null;
  if (states === null) return { states: [stateOf(value)] };
  if (states.length === 0)
    throw new TengymError(
      'bad-state',
      'bad state: the saved game holds no states; give the states GameStates.toJSON() gave, the deal first',
    );
  const input: StatesInput = {
    states: [],
    lineNumbers: states.map((_, i) => i + 1),
    lineCount: states.length,
    item: 'state',
  };
  input.states = states.map((state: unknown, i) => onLine(input, i, () => stateOf(state)));
  // A saved game's state is where it stands: the last of its states, as GameStates.fromJSON requires.
  if (
    isPlainObject(value) &&
    'state' in value &&
    JSON.stringify(stateOf(value.state)) !== JSON.stringify(input.states[input.states.length - 1])
  ) {
    throw new TengymError(
      'bad-state',
      "bad state: the saved game's state is not the last of its states (GameStates.fromJSON refuses it too): " +
        'save { state: env.getState(), states } after recording the last move',
    );
  }
  return input;
}

/**
 * A game saved as its deal and moves (`GameStates.toMoves()`, as docs/hints.md saves one), played
 * again on an env of the deal's id and options: its states (as an array of them is read), each
 * move checked where it comes.
 */
function statesOfMoves(saved: Record<string, unknown>): unknown[] {
  const deal = isPlainObject(saved.deal) ? stateOf(saved.deal) : null;
  if (deal === null || typeof deal.env !== 'string' || !isPlainObject(deal.options)) {
    throw new TengymError(
      'bad-state',
      `bad state: a game saved as { deal, moves } (GameStates.toMoves()) has the deal's getState() JSON, { ` +
        `env, options, rng, undosUsed, game }, as its deal; got ${showValue(saved.deal)}`,
    );
  }
  return GameStates.fromMoves(make(envSpec(deal.env).id, deal.options), saved).toJSON();
}

/**
 * The game so far, one state a line (`tengym replay` lines will do); `whole` is why the input is not one JSON document.
 */
function parseStateLines(text: string, whole: SyntaxError): StatesInput {
  // Lines are numbered as in the input, blank ones counted, so that a refusal points at the line an editor shows.
  const all = text.replace(/\r?\n$/, '').split('\n');
  const lineNumbers = all.flatMap((l, i) => (l.trim() === '' ? [] : [i + 1]));
  const parseLine = (n: number): { value: unknown } | { error: SyntaxError } => {
    try {
      return { value: JSON.parse(all[n - 1]) };
    } catch (lineError) {
      if (!(lineError instanceof SyntaxError)) throw lineError;
      return { error: lineError };
    }
  };
  // One line, or a first line that is no JSON of its own (a pretty-printed state cut short): the input was one
  // document.
  const first = parseLine(lineNumbers[0]);
  if (lineNumbers.length === 1 || 'error' in first)
    throw new TengymError('bad-state', `bad state: not JSON (${whole.message})`);
  const input: StatesInput = { states: [], lineNumbers, lineCount: all.length };
  input.states = lineNumbers.map((n, i) => {
    const line = i === 0 ? first : parseLine(n);
    if ('error' in line) {
      throw new TengymError(
        'bad-state',
        `bad state: line ${n} of ${all.length} is not JSON (${line.error.message}); give one state, or one a ` +
          `line (the game so far, as tengym replay prints it)`,
      );
    }
    return onLine(input, i, () => stateOf(line.value));
  });
  return input;
}

/**
 * The hints as lines, numbered by place (tied moves share one). `forPlayer` (tengym play) leaves out
 * what is for programs, as the page does: the action id (the move's number is what a player types)
 * and scores on the source's own scale (a rule's ranking, Four Ten's bottom-direct −100010 for a
 * fault, tells a player nothing the order does not).
 */
export function hintLines(
  result: HintResult,
  numbering: (h: Hint, i: number) => string = (h) => `${h.rank}.`,
  forPlayer = false,
): string[] {
  const moves = plural(result.legalCount, 'legal move');
  const lines = [result.note ? `${result.note} (${moves})` : `Hints from ${result.source} · ${moves}`];
  const labels = result.hints.map((h, i) => numbering(h, i));
  const width = Math.max(...labels.map((l) => l.length));
  result.hints.forEach((h, i) => {
    const score = result.sameOutcome || (forPlayer && h.scoreKind === 'heuristic') ? [] : [formatScore(h)];
    // Tied moves share a place (1, 1, 3): the source cannot tell them apart.
    if (h.tied && score.length > 0) score.push('tied');
    const tail = forPlayer ? score : [`action ${h.action}`, ...score];
    lines.push(`  ${[`${labels[i].padStart(width)} ${h.text}`, ...tail].join(' · ')}`);
  });
  return lines;
}

export const hintCommand: CommandModule<object, Args> = {
  command: 'hint [input]',
  describe:
    "Rank the legal moves of a saved state (getState() JSON) with the env's strongest measured source, or any " +
    'agent (--agent)',
  builder: (y) =>
    y
      .positional('input', { type: 'string', describe: 'The state file, or - for stdin (the same as --state)' })
      .option('env', {
        type: 'string',
        describe: 'Env id (tengym envs lists them); default: the env the state names (getState() JSON has it)',
      })
      .option('options', { type: 'string', describe: "Env options as JSON (default: the state's own options)" })
      .option('state', {
        type: 'string',
        describe:
          'File holding the state JSON (a line of tengym replay will do), or the game so far (one state a ' +
          'line, a saved { state, states } or { deal, moves }, or the states as an array; the last is ' +
          'ranked), or - for stdin',
      })
      .option('agent', {
        type: 'string',
        describe:
          'Who ranks: an agent of the env (tengym agents --env ID lists them), a model directory or an agent ' +
          'module of your own (./mine.mjs), as eval --agents takes them; default: the strongest fair source ' +
          'measured for the env (docs/hints.md, "Where hints come from")',
      })
      .option('model', {
        type: 'string',
        describe: 'Model directory (model.json + weights.bin) to rank with; the same as --agent DIR',
      })
      .option('top', { type: 'number', default: 5, describe: 'Moves to list, best first (0: every legal move)' })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          `Print { env, source, sameOutcome, note?, legalCount, hints: [{ action, score, scoreKind, unit?, ` +
          `text, cards, rank, tied?, samples?, sameOutcome? }] } (unit: what a value score measures, one of ` +
          `${VALUE_UNITS.join(', ')}; rank: the place, shared by tied moves; docs/hints.md)`,
      })
      .check((a) => {
        if (!Number.isInteger(a.top) || a.top < 0)
          throw new TengymError('bad-argument', '--top must be an integer ≥ 0 (0 lists every legal move)');
        return true;
      })
      .example(
        '$0 replay --env decade --seed 40 --policy first | sed -n 40p > s.json && $0 hint --env decade --state s.json',
        'Hints for a state from the middle of a game',
      )
      .example('$0 hint --env decade --state - --json < s.json', 'The same as JSON, reading stdin')
      .example('$0 hint --env decade --agent lookahead --state s.json', 'Hints from another agent of the env')
      .example(
        '$0 replay --policy first --env ten-twenty-thirty --seed 4 | head -n 115 > game.jsonl',
        'A game so far, one state a line',
      )
      .example(
        '$0 hint --env ten-twenty-thirty --state game.jsonl',
        'Hints for its last state: the hinter, shown every state, remembers the order under the stock',
      ),
  handler: async (args) => {
    const input = parseStatesText(await readTextInput(stateSource(args), 'state file'));
    const { states } = input;
    const last = states.length - 1;
    const state = states[last];
    const id = envSpec(args.env ?? envNamedBy(state)).id;
    const options =
      args.options !== undefined
        ? parseOptionsJson(args.options)
        : state.env === id && state.options && typeof state.options === 'object'
          ? state.options
          : {};
    const env = make(id, options);
    // The earlier states, checked as the last one is, are shown to the hinter first: a source that remembers
    // (Ten-Twenty-Thirty's stock) needs the game so far. In getState()'s form, options resolved, so the hinter files
    // them with the last one. A state refused is named by its line.
    const earlier = states.slice(0, -1).map((s, i) =>
      onLine(input, i, () => {
        env.setState(s);
        return env.getState();
      }),
    );
    onLine(input, last, () => env.setState(state));
    checkGameInOrder(make(id, options), [...earlier, env.getState()], {
      prefix: 'bad state: ',
      item: input.item ?? 'line',
      advice: 'give one game so far, in order, as tengym replay prints it',
      numbers: input.lineNumbers,
      total: input.lineCount,
    });
    if (!env.running)
      throw new TengymError(
        'episode-over',
        `no hint: the game in this state is over (${JSON.stringify(env.outcome())})`,
      );
    const { hinter } = await loadHinter(env.id, env.options, hintChoice(args.agent, args.model));
    for (const s of earlier) hinter.observe(s);
    const result = hinter.hint(env.getState(), args.top === 0 ? {} : { top: args.top });
    if (args.json) {
      writeLine(JSON.stringify(result));
      return;
    }
    writeLine(env.render());
    writeLine('');
    for (const line of hintLines(result)) writeLine(line);
  },
};
