// `tengym play` as a player reads it: forced moves told as what happened, no training step limit, hint headers in
// a player's words, no backend line mid-game, undo on where the game has one, the rules paged, a game-over line whose
// suggestion works, and the stock counted one way. Games are found through the registry, never listed by hand.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type PlayIO, playSession } from '../../src/cli/commands/play.js';
import { rulesText } from '../../src/cli/rules-document.js';
import { createHinter } from '../../src/hints/hint.js';
import type { LoadedHinter } from '../../src/hints/source.js';
import { loadHinter } from '../../src/node/hint-loader.js';
import { Session, stockOf } from '../../src/session/session.js';
import { tengymHereReading } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const PLAIN = { card: (t: string) => t, bold: (t: string) => t, dim: (t: string) => t };

function cli(args: string[], lines: string[], env: Record<string, string | undefined> = { TENGYM_QUIET: '1' }) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    input: lines.map((l) => `${l}\n`).join(''),
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Plays `inputs` in process on a session of `id`; the output, and how many inputs were read. */
async function playIn(id: string, inputs: string[], io: Partial<PlayIO> = {}, seed = 1) {
  const session = new Session(id);
  const dealt = session.newDeal({ seed });
  const hinter = createHinter({ budgetMs: 20 });
  let out = '';
  let read = 0;
  const queue = inputs.slice();
  await playSession(
    {
      session,
      dealt,
      seed,
      replay: `tengym play --env ${id} --seed ${seed}`,
      hinter: async () => ({ hinter, source: '', fromModel: false }) as LoadedHinter,
      top: 3,
      rules: () => rulesText(session.env),
    },
    {
      readLine: async () => {
        const next = queue.shift() ?? null;
        if (next !== null) read++;
        return next;
      },
      write: (t) => {
        out += t;
      },
      echo: true,
      style: PLAIN,
      ...io,
    },
  );
  return { out, read, session };
}

describe('tengym play for a player', () => {
  it('tells forced moves as what happened and counts only the player’s own moves as theirs', async () => {
    let checked = 0;
    for (const id of Session.ids()) {
      const { out, session } = await playIn(id, Array(300).fill('1'));
      if (session.forcedMoves === 0 || session.running) continue;
      checked++;
      expect(out, id).toContain(
        `Game over after ${session.yourMoves} move${session.yourMoves === 1 ? '' : 's'} of yours, and ` +
          `${session.forcedMoves} forced move${session.forcedMoves === 1 ? '' : 's'} played for you.`,
      );
      expect(out).not.toMatch(/of them yours/);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('shows no training step limit on the board', async () => {
    for (const id of Session.ids()) {
      const { out } = await playIn(id, ['1', '1', 'q']);
      expect(out, id).not.toMatch(/step \d+\/\d+/);
    }
  });

  it('heads hints in a player’s words: no agent names, no tables being built', async () => {
    for (const id of Session.ids()) {
      const { out, session } = await playIn(id, ['h', 'q']);
      if (!session.running) continue;
      const header = out.split('\n')[out.split('\n').indexOf('> h') + 1];
      expect(header, id).toMatch(/^(Hints|Quick hints), best first|legal moves?\)$/);
      expect(header).not.toMatch(/builds its tables|Hints from/);
    }
  });

  it('says no TensorFlow.js backend mid-game, even where a trained model gives the hints', async () => {
    let id: string | undefined;
    for (const each of Session.ids())
      if ((await loadHinter(each)).fromModel) {
        id = each;
        break;
      }
    expect(id).toBeDefined();
    const r = cli(['play', '--env', id as string, '--seed', '2'], ['h', 'q'], { TENGYM_QUIET: undefined });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/best first/);
    expect(r.stdout + r.stderr).not.toMatch(/TensorFlow\.js backend/);
  });

  it('has undo on by default in every game that has one, and the key help says so', async () => {
    const withUndo = Session.ids().filter((id) => new Session(id).env.game.undoLimit !== undefined);
    expect(withUndo.length).toBeGreaterThan(0);
    // The command line's default, so run in this process (a game each), not a process each.
    for (const id of withUndo) {
      const r = await tengymHereReading(['1', 'u', 'q'], 'play', '--env', id, '--seed', '1');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, id).toMatch(/undo \(u; 3 left\)/);
      if (!/Game over/.test(r.stdout)) expect(r.stdout, id).toContain('Took back your last move (2 undos left).');
    }
  });

  it('pages the rules a screenful at a time on a terminal, with a "more" prompt', async () => {
    // The game with the longest rules, which today's terminal scrolls past.
    const length = (id: string) => rulesText(new Session(id).env).split('\n').length;
    const id = Session.ids().reduce((a, b) => (length(b) > length(a) ? b : a));
    const rows = 20;
    expect(length(id)).toBeGreaterThan(2 * rows);
    const { out } = await playIn(id, ['r', '', 'q', 'q'], { pageRows: rows });
    const rules = out.slice(out.indexOf('> r\n') + 4);
    const screen = rules.slice(0, rules.indexOf('-- more'));
    expect(screen.split('\n').length).toBeLessThanOrEqual(rows);
    expect(rules.split('-- more').length - 1).toBe(2);
    // Where output is not a terminal, the rules are written whole.
    const piped = await playIn(id, ['r', 'q']);
    expect(piped.out).not.toContain('-- more');
  });

  it('ends a game with a suggestion that works', async () => {
    const id = Session.ids()[0];
    const file = join(tmpdir(), `tengym-play-save-${process.pid}.jsonl`);
    const r = await tengymHereReading(
      [...Array(200).fill('1'), 'q'],
      'play',
      '--env',
      id,
      '--seed',
      '1',
      '--save',
      file,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Game over/);
    const saved = r.stdout.split('\n').find((l) => l.startsWith('Saved the game')) ?? '';
    expect(saved).not.toContain('tengym hint');
    const command = /play the deal again with tengym (.*)\.$/.exec(saved)?.[1];
    expect(command).toBeDefined();
    const again = await tengymHereReading(['q'], ...(command as string).split(' '));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Quit after/m);
    rmSync(file, { force: true });
  });

  it('counts the stock one way: the board text and the board view give the same count', () => {
    let stocks = 0;
    for (const id of Session.ids()) {
      const session = new Session(id);
      session.newDeal({ seed: 0 });
      const said = /stock:? (\d+) cards?/.exec(session.env.render());
      const stock = stockOf(session.env.board());
      if (said === null || stock === null) continue;
      stocks++;
      expect(stock.count, id).toBe(Number(said[1]));
      expect(session.view().stock).toEqual(stock);
    }
    expect(stocks).toBeGreaterThan(0);
  });
});
