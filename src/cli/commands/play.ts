/**
 * `tengym play`: a game in the terminal, on the player's session (src/session/). The board as
 * `env.render()` draws it (suit symbols; red suits in red when stdout is a terminal and NO_COLOR is
 * unset), the legal moves numbered, and the commands `hint`, `undo` (on by default where the game
 * has one, counted in the player's decisions) and `quit`. Forced moves (the only legal move) are
 * played for the player and listed as what happened, unless `--step-forced`. At game over, `undo`
 * can still take the last decision back while undos are left, as on the page. Input is read line
 * by line, so a script can pipe a whole game in; the end of the input, or Ctrl-C, ends the game
 * with the line that replays the deal. The rules are paged on a terminal.
 */
import { randomInt } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadHinter, type LoadedHinter } from '../../node/hint-loader.js';
import type { HintResult } from '../../hints/hint.js';
import type { Env } from '../../env/env.js';
import { Session, hintHeader, type Turn } from '../../session/session.js';
import { announceBackendByDefault } from '../../node/backend-announcement.js';
import { TengymError, isTengymError, plural } from '../../env/errors.js';
import {
  MAX_INPUT_LINE,
  boundedLines,
  checkNumberOption,
  checkSeedOption,
  parseOptionsJson,
  readFailure,
} from '../io.js';
import { rulesText } from '../rules-document.js';
import { chooseDeal, withDealFlags, type DealFlags } from './deal.js';
import { hintChoice, hintLines } from './hint.js';

interface Args extends DealFlags {
  env: string;
  options?: string;
  seed?: number;
  hints?: string;
  agent?: string;
  top: number;
  'step-forced': boolean;
  save?: string;
}

interface Style {
  card(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

const PLAIN: Style = { card: (t) => t, bold: (t) => t, dim: (t) => t };
const ANSI: Style = {
  card: (t) => t.replace(/(10|[A2-9JQK])([♥♦])/g, '\x1b[31m$1$2\x1b[39m'),
  bold: (t) => `\x1b[1m${t}\x1b[22m`,
  dim: (t) => `\x1b[2m${t}\x1b[22m`,
};

export interface PlayIO {
  /** The next line of input, or null at its end (or when the player pressed Ctrl-C). */
  readLine(): Promise<string | null>;
  /** Whether the input ended by Ctrl-C rather than its end. */
  interrupted?(): boolean;
  write(text: string): void;
  /** Whether input lines are shown as typed (a terminal) or should be echoed (piped input). */
  echo: boolean;
  style: Style;
  /**
   * Lines a screen holds, where output is paged (a terminal): long text (the rules) is shown a screenful at a
   * time, with a "more" prompt. Unset: written whole (piped output).
   */
  pageRows?: number;
  /** Shows long text through the player's pager ($PAGER on a terminal); false where there is none. */
  pager?(text: string): boolean;
}

export interface PlaySetup {
  /** The player's session, dealt. */
  session: Session;
  seed: number;
  replay: string;
  /** Loads the hinter on the first `hint`. */
  hinter(): Promise<LoadedHinter>;
  top: number;
  /** The game's rules as text, for `rules` (default: none to show). */
  rules?: () => string;
  /** Writes the game so far here at the end (its states, one a line, as `tengym hint` reads a game). */
  save?: string;
  /** What the deal did (the forced moves before the first decision), to be told first. */
  dealt?: Turn;
}

/**
 * Refuses a --save that cannot be written, before the game, not after it: empty, a directory, in a
 * folder that does not exist or is a file, or a file that cannot be opened for writing
 * (permissions, a read-only disk). The file is opened to find out, and left as it was.
 */
function checkSaveFile(path: string): void {
  if (path.trim() === '') throw new TengymError('bad-argument', '--save is empty: name the file to write the game to');
  if (existsSync(path) && statSync(path).isDirectory())
    throw new TengymError('bad-argument', `--save ${path} is a directory: name a file in it`);
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) throw new TengymError('bad-argument', `--save ${path}: the folder ${folder} does not exist`);
  if (!statSync(folder).isDirectory())
    throw new TengymError('bad-argument', `--save ${path}: ${folder} is a file, not a folder`);
  const existed = existsSync(path);
  try {
    closeSync(openSync(path, 'a'));
  } catch (e) {
    throw new TengymError('bad-argument', `--save ${path}: cannot write it (${readFailure(e)})`);
  }
  if (!existed) rmSync(path, { force: true });
}

function commandsLine(session: Session): string {
  const left = session.undosLeft;
  const undo = left > 0 ? `undo (u; ${left === Infinity ? 'unlimited' : `${left} left`}), ` : '';
  return `Commands: a move's number (or Enter when there is one move), hint (h), ${undo}rules (r), help (?), quit (q)`;
}

/** The board for a player: without the training's step limit (" · step 41/5000"), which is no rule of the game. */
function playerBoard(env: Env): string {
  return env.render().replace(/ · step \d+\/\d+/g, '');
}

function showPosition(env: Env, io: PlayIO): void {
  const s = io.style;
  io.write('\n' + s.card(playerBoard(env)) + '\n');
  if (!env.running) return;
  const legal = env.legalActions();
  const width = String(legal.length).length;
  io.write(
    legal.map((a, i) => `  ${s.bold(String(i + 1).padStart(width))}  ${s.card(env.describeAction(a))}`).join('\n') +
      '\n',
  );
}

/**
 * Long text a screenful at a time: through the player's pager where there is one, else with a "more" prompt between
 * screens (Enter goes on, q stops); written whole where output is not paged.
 */
async function page(io: PlayIO, text: string): Promise<void> {
  if (io.pager?.(text)) return;
  const lines = text.split('\n');
  const rows = io.pageRows;
  if (rows === undefined || lines.length <= rows) {
    io.write(text + '\n');
    return;
  }
  for (let i = 0; i < lines.length; i += rows - 1) {
    io.write(lines.slice(i, i + rows - 1).join('\n') + '\n');
    if (i + rows - 1 >= lines.length) break;
    io.write(io.style.dim(`-- more (${Math.round(((i + rows - 1) / lines.length) * 100)}%: Enter, q to stop) --`));
    const answer = await io.readLine();
    if (io.echo) io.write('\n');
    if (answer === null || answer.trim().toLowerCase() === 'q') break;
  }
}

/**
 * "12 moves", "12 moves of yours, and 41 forced moves played for you": the player's own decisions counted apart from
 * the moves the game left no choice in.
 */
function movesText(own: number, forced: number): string {
  if (forced === 0) return plural(own, 'move');
  return `${plural(own, 'move')} of yours, and ${plural(forced, 'forced move')} played for you`;
}

/** Forced moves listed in full up to this many kinds; past it, the most common kind is only counted. */
const FORCED_LISTED = 6;

/**
 * The forced moves of a turn as "draw ×3, discard 9♦ A♣ (10)" ('' when there were none). A long run of them
 * (Ten-Twenty-Thirty deals dozens) is summarised: "166 forced moves: draw ×154; discard 5♣ 3♠ 2♥ (10) from stack 1, …".
 */
function forcedText(labels: readonly string[]): string {
  const runs: { text: string; count: number }[] = [];
  for (const text of labels) {
    const last = runs[runs.length - 1];
    if (last?.text === text) last.count++;
    else runs.push({ text, count: 1 });
  }
  const count = labels.length;
  if (runs.length <= FORCED_LISTED) return runs.map((r) => (r.count > 1 ? `${r.text} ×${r.count}` : r.text)).join(', ');
  const verb = (text: string) => text.split(' ')[0];
  const perVerb = new Map<string, number>();
  for (const r of runs) perVerb.set(verb(r.text), (perVerb.get(verb(r.text)) ?? 0) + r.count);
  const [common, commonCount] = [...perVerb].sort((a, b) => b[1] - a[1])[0];
  const others = runs
    .filter((r) => verb(r.text) !== common)
    .map((r) => (r.count > 1 ? `${r.text} ×${r.count}` : r.text));
  // Past a few of the others too (Ten-Twenty-Thirty can force thousands of discards), every kind is only counted.
  if (others.length > FORCED_LISTED)
    return `${count} forced moves: ${[...perVerb]
      .sort((a, b) => b[1] - a[1])
      .map(([v, n]) => `${v} ×${n}`)
      .join(', ')}`;
  return `${count} forced moves: ${common} ×${commonCount}${others.length ? `; ${others.join(', ')}` : ''}`;
}

/**
 * Plays until the game ends, the player quits or the input ends; returns how it ended. With `save`, then writes the
 * game so far.
 */
export async function playSession(setup: PlaySetup, io: PlayIO): Promise<'over' | 'quit' | 'eof'> {
  const end = await play(setup, io);
  if (setup.save !== undefined) {
    // Every state, forced moves included, as `tengym hint --state` reads a game.
    const saved = setup.session.history();
    try {
      writeFileSync(setup.save, saved.map((state) => JSON.stringify(state)).join('\n') + '\n');
    } catch (e) {
      // Found only as it is written (a full disk): the deal's replay line, shown at the start, still plays it again.
      throw new TengymError(
        'bad-argument',
        `could not save the game to ${setup.save}: ${readFailure(e)}; replay the deal with ${setup.replay}`,
      );
    }
    // A game over has nothing left to hint: the deal played again is what works then.
    const next = setup.session.running
      ? `tengym hint --env ${setup.session.env.id} --state ${setup.save} ranks where it stands`
      : `play the deal again with ${setup.replay}`;
    io.write(`Saved the game so far (${plural(saved.length, 'state')}, one a line) to ${setup.save}: ${next}.\n`);
  }
  return end;
}

async function play(setup: PlaySetup, io: PlayIO): Promise<'over' | 'quit' | 'eof'> {
  const { session } = setup;
  const { env } = session;
  const s = io.style;
  const canUndo = session.undosLeft > 0;
  const help = `a move number, hint (h), ${canUndo ? 'undo (u), ' : ''}rules (r), help (?), quit (q)`;
  const rules = () => page(io, setup.rules?.() ?? `No rules to show for ${env.id}.`);
  const moves = () => movesText(session.yourMoves, session.forcedMoves);
  io.write(`${s.bold(`tengym play ${env.id}`)} · seed ${setup.seed} · replay this deal: ${setup.replay}\n`);
  io.write(
    commandsLine(session) +
      (session.settings.autoForced ? '; forced moves are played for you (--step-forced to play them yourself)' : '') +
      '\n',
  );
  const tell = (turn: Turn) => {
    const text = forcedText(turn.forced.map((m) => m.label));
    if (text) io.write(`\n${s.dim(`Forced: ${s.card(text)}`)}\n`);
    // A round's end, a fault and what paid for it, a bust: said with its reason.
    for (const note of turn.notes) io.write(`${s.bold(note)}\n`);
  };
  const takeBack = () => {
    try {
      session.undo();
      const left = session.undosLeft;
      io.write(`Took back your last move${left === Infinity ? '' : ` (${plural(left, 'undo')} left)`}.\n`);
      showPosition(env, io);
    } catch (e) {
      if (!isTengymError(e)) throw e;
      io.write(`${e.message}\n`);
    }
  };
  if (setup.dealt) tell(setup.dealt);
  showPosition(env, io);
  for (;;) {
    while (env.running) {
      io.write('> ');
      const line = await io.readLine();
      if (line === null) {
        const why = io.interrupted?.() ? 'Interrupted' : 'End of input';
        io.write(`\n${why}: the game stops here after ${moves()}. Seed ${setup.seed}: ${setup.replay}\n`);
        return 'eof';
      }
      if (io.echo) io.write(line + '\n');
      const input = line.trim().toLowerCase();
      if (input === 'q' || input === 'quit') {
        io.write(`Quit after ${moves()}. Seed ${setup.seed}: ${setup.replay}\n`);
        return 'quit';
      }
      if (input === 'r' || input === 'rules') {
        await rules();
        // The rules scroll the board away: it is drawn again below them.
        showPosition(env, io);
        continue;
      }
      if (input === '?' || input === 'help') {
        io.write(commandsLine(session) + '\n');
        continue;
      }
      if (input === 'h' || input === 'hint') {
        const legal = env.legalActions();
        let result: HintResult | null;
        try {
          result = session.hint(setup.top, (await setup.hinter()).hinter);
        } catch (e) {
          if (!isTengymError(e)) throw e;
          io.write(`No hint: ${e.message}\n`);
          continue;
        }
        if (result === null) continue;
        const lines = hintLines(result, (h) => `move ${legal.indexOf(h.action) + 1}:`, true);
        lines[0] = hintHeader(result);
        io.write(
          s.dim(lines[0]) +
            '\n' +
            lines
              .slice(1)
              .map((l) => s.card(l))
              .join('\n') +
            '\n',
        );
        continue;
      }
      if (input === 'u' || input === 'undo') {
        if (!canUndo) {
          io.write(
            env.game.undoLimit
              ? `Undo is off in this game: play with --options '{"undoLimit":3}' (or "unlimited").\n`
              : `${env.id} has no undo.\n`,
          );
          continue;
        }
        takeBack();
        continue;
      }
      let choice = Number(input);
      if (input === '' && env.legalCount === 1) choice = 1;
      else if (input === '' || !/^\d+$/.test(input)) {
        io.write(`Type ${help}.\n`);
        continue;
      }
      if (choice < 1 || choice > env.legalCount) {
        io.write(
          `There ${env.legalCount === 1 ? 'is 1 move' : `are ${env.legalCount} moves`}: type a number from 1 ` +
            `to ${env.legalCount}, or ${help.slice(help.indexOf('hint'))}.\n`,
        );
        continue;
      }
      const played = env.legal[choice - 1];
      io.write(`Played ${s.card(env.describeAction(played))}.\n`);
      tell(session.play(played));
      showPosition(env, io);
    }
    io.write(`Game over after ${moves()}. ${env.endText()} Seed ${setup.seed}: ${setup.replay}\n`);
    // As on the page, the last decision can still be taken back while undos are left; only quit or the input's end
    // ends the game.
    if (!session.canUndo) return 'over';
    const left = session.undosLeft;
    const offer =
      `Type undo (u) to take back your last ` +
      `move${left === Infinity ? '' : ` (${plural(left, 'undo')} left)`}, or quit (q).\n`;
    io.write(offer);
    // Only quit (or the end of the input) ends the game: a stray key must not lose the chance to undo.
    for (;;) {
      io.write('> ');
      const line = await io.readLine();
      // The input ended at the prompt: the shell's prompt starts on a line of its own.
      if (line === null) {
        io.write('\n');
        return 'over';
      }
      if (io.echo) io.write(line + '\n');
      const input = line.trim().toLowerCase();
      if (input === 'u' || input === 'undo') break;
      if (input === 'q' || input === 'quit') return 'over';
      if (input === 'r' || input === 'rules') await rules();
      io.write(`The game is over. ${offer}`);
    }
    takeBack();
  }
}

export const playCommand: CommandModule<object, Args> = {
  command: 'play',
  describe:
    'Play a game in the terminal: numbered moves, hint, undo (where the env allows it), quit; input can be piped',
  builder: (y) =>
    withDealFlags(
      y
        .option('env', { type: 'string', demandOption: true, describe: 'Env id (tengym envs lists them)' })
        .option('options', { type: 'string', describe: `Env options as JSON, e.g. '{"undoLimit":3}'` })
        .option('seed', {
          type: 'number',
          describe: 'Deal seed (default: a fresh one, shown at the start); with --winnable or --level, the first tried',
        }),
    )
      .option('agent', {
        type: 'string',
        describe:
          'Who gives the hints: an agent of the env (tengym agents --env ID lists them) or a model directory; ' +
          'default: the strongest fair source measured for the env (docs/hints.md, "Where hints come from")',
      })
      .option('hints', {
        type: 'string',
        alias: 'model',
        describe: 'Model directory for hints (--model, as hint and bench take it); the same as --agent DIR',
      })
      .option('top', { type: 'number', default: 3, describe: 'Moves a hint lists (0: every legal move)' })
      .option('step-forced', {
        type: 'boolean',
        default: false,
        describe: 'Stop at forced moves (the only legal move) too, instead of playing them at once',
      })
      .option('save', {
        type: 'string',
        describe:
          'At the end (game over, quit, end of input, Ctrl-C), write the game so far to this file, one state ' +
          'a line, as tengym hint --state reads a game (an existing file is replaced)',
      })
      .check((a) => {
        checkSeedOption('seed', a.seed);
        checkNumberOption('top', a.top);
        // Found out before the game, not after it.
        if (a.save !== undefined) checkSaveFile(a.save);
        return true;
      })
      .example('$0 play --env decade --seed 7', 'Play deal 7 of Decade')
      .example('$0 play --env decade --daily today --winnable', "Play today's winnable Decade deal")
      .example(
        `printf '1\\nhint\\nundo\\nquit\\n' | $0 play --env tens --options '{"undoLimit":3}' --seed 1`,
        'A scripted session',
      ),
  handler: async (args) => {
    // A backend line between two moves is none of the player's business.
    announceBackendByDefault(false);
    const options = parseOptionsJson(args.options);
    const session = new Session(args.env, { options, autoForced: !args['step-forced'] });
    const { env } = session;
    const { seed } = chooseDeal(env, args, () => randomInt(0, 2 ** 31 - 1));
    const dealt = session.newDeal({ seed });
    const optionsArg =
      args.options !== undefined && Object.keys(options).length > 0 ? ` --options '${JSON.stringify(options)}'` : '';
    // An agent or model named on the command line is loaded now, so a bad name stops at once.
    const choice = hintChoice(args.agent, args.hints);
    let hinter: Promise<LoadedHinter> | null =
      choice === undefined ? null : Promise.resolve(await loadHinter(env.id, env.options, choice));
    const replay = `tengym play --env ${env.id}${optionsArg} --seed ${seed}`;
    // A line is read up to a bound: endless input (`< /dev/zero`, one line with no end) is refused before it fills
    // the memory.
    const lines = boundedLines(
      process.stdin,
      () =>
        new TengymError(
          'bad-argument',
          `a line of input is longer than ${MAX_INPUT_LINE.toLocaleString('en-US')} characters: tengym play reads ` +
            `one move or command a line (a number, h, u, r, ?, q); the game stops here. Replay the deal with ${replay}`,
        ),
    );
    // Ctrl-C ends the session as the end of the input does, with the line that replays the deal.
    let interrupted = false;
    let onInterrupt = () => {};
    const interrupt = new Promise<null>((resolve) => {
      onInterrupt = () => {
        interrupted = true;
        resolve(null);
      };
      process.once('SIGINT', onInterrupt);
    });
    const io: PlayIO = {
      readLine: async () => {
        if (interrupted) return null;
        const next = await Promise.race([lines.next(), interrupt]).catch((e: unknown) => {
          // The refusal starts on a line of its own, not after the prompt.
          process.stdout.write('\n');
          throw e;
        });
        return next === null || next.done ? null : next.value;
      },
      interrupted: () => interrupted,
      write: (text) => process.stdout.write(text),
      echo: !process.stdin.isTTY,
      pageRows: process.stdout.isTTY ? Math.max(5, (process.stdout.rows ?? 24) - 1) : undefined,
      pager: (text) => {
        const pager = process.env.PAGER;
        if (!process.stdout.isTTY || !process.stdin.isTTY || !pager) return false;
        return spawnSync(pager, { input: text, stdio: ['pipe', 'inherit', 'inherit'], shell: true }).status === 0;
      },
      style: process.stdout.isTTY && !process.env.NO_COLOR ? ANSI : PLAIN,
    };
    try {
      await playSession(
        {
          session,
          dealt,
          seed,
          replay,
          hinter: () => (hinter ??= loadHinter(env.id, env.options, choice)),
          top: args.top === 0 ? Infinity : args.top,
          rules: () => rulesText(env),
          save: args.save,
        },
        io,
      );
    } finally {
      // A session run in a longer-lived process (a test, an app's script) leaves no listener behind.
      process.removeListener('SIGINT', onInterrupt);
      void lines.return(undefined);
      // A terminal's stdin would keep the process alive after Ctrl-C.
      process.stdin.destroy();
    }
  },
};
