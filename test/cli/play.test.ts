// `tengym play` driven through piped input, as a script (or a test) plays it: in the test's process, but for what the
// process itself does (Ctrl-C, endless input on its stdin).
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHinter } from '../../src/hints/hint.js';
import { loadHinter } from '../../src/node/hint-loader.js';
import { loadAgent, shippedModelDir } from '../../src/node/index.js';
import { make } from '../../src/env/registry.js';
import { plural } from '../../src/env/errors.js';
import { tengymHere, tengymHereReading } from '../helpers/cli.js';
import { withHistory } from '../helpers/undo.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** `tengym play ...args` with `lines` piped in, in this process: what it prints is the command's, not a process's. */
function play(args: string[], lines: string[]) {
  return tengymHereReading(lines, 'play', ...args);
}

/** The move numbers the hints showed, in order ("  move 3: …" right after a "> hint" line). */
function hintedMoves(stdout: string): number[] {
  return [...stdout.matchAll(/^> hint\n.*\n {2}move (\d+): /gm)].map((m) => Number(m[1]));
}

describe('tengym play', () => {
  beforeAll(() => {
    process.env.TENGYM_QUIET = '1'; // the backend line of the in-process hinter
  });

  it('a whole game of tens with hints and undo, through piped input', async () => {
    // The script: at every move ask for a hint and play move 1; after the second move take it
    // back, ask again and play it again. The same moves played here give the expected end.
    const options = { undoLimit: 3 };
    const env = make('tens' as string, options);
    // A deal of at least six moves.
    let seed = 12;
    for (; ; seed++) {
      env.reset({ seed });
      while (env.running) env.step(env.legal[0]);
      if (env.episodeSteps >= 6) break;
    }
    env.reset({ seed });
    const played = withHistory(env);
    const lines: string[] = [];
    let moves = 0;
    while (env.running) {
      lines.push('hint', '1');
      played.step(env.legal[0]);
      if (++moves === 2) {
        lines.push('undo');
        played.undo();
        lines.push('hint', '1');
        played.step(env.legal[0]);
      }
    }
    expect(moves).toBeGreaterThan(3);
    const r = await play(
      ['--env', 'tens', '--options', JSON.stringify(options), '--seed', String(seed), '--step-forced'],
      lines,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^tengym play tens · seed ${seed} · replay this deal: tengym play --env tens --options ` +
          `'\\{"undoLimit":3\\}' --seed ${seed}$`,
        'm',
      ),
    );
    expect(r.stdout).toContain('undo (u; 3 left)');
    expect(r.stdout).toMatch(/^> undo\nTook back your last move \(2 undos left\)\.$/m);
    expect(r.stdout.match(/^Tens has no real decisions: every legal move leads to the same end/gm)?.length).toBe(
      moves + 1,
    );
    expect(hintedMoves(r.stdout)).toEqual(Array(moves + 1).fill(1));
    const o = env.outcome() as { won: boolean; cardsLeft: number };
    // The sentence the page ends with too (Env.endText), after the moves played.
    expect(r.stdout).toContain(
      `Game over after ${moves} moves. ${o.won ? 'Won' : 'No more moves'}: ${o.cardsLeft} cards left. Seed ${seed}`,
    );
    expect(r.stdout).toContain(env.render());
    // Piped output carries no colour codes.
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('at game over, undo takes the last move back while undos are left, as on the page', async () => {
    const options = { undoLimit: 3 };
    const env = make('tens' as string, options);
    const seed = 12;
    env.reset({ seed });
    const lines: string[] = [];
    while (env.running) {
      lines.push('1');
      env.step(env.legal[0]);
    }
    const moves = env.episodeSteps;
    const o = env.outcome() as { won: boolean; cardsLeft: number };
    const over = `Game over after ${moves} moves. ${o.won ? 'Won' : 'No more moves'}: ${o.cardsLeft} cards left.`;
    // Back one move, the same move again, then the end is offered once more: quit.
    const r = await play(
      ['--env', 'tens', '--options', JSON.stringify(options), '--seed', String(seed), '--step-forced'],
      [...lines, 'u', '1', 'q'],
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split(over).length - 1).toBe(2);
    expect(r.stdout).toContain(
      `${over} Seed ${seed}: tengym play --env tens --options '{"undoLimit":3}' --seed ${seed}\nType undo (u) ` +
        `to take back your last move (3 undos left), or quit (q).\n> u\nTook back your last move (2 undos left).`,
    );
    expect(r.stdout).toMatch(/Type undo \(u\) to take back your last move \(2 undos left\), or quit \(q\)\.\n> q\n$/);
    // The input ending at that prompt leaves the shell's prompt a line of its own.
    const ended = await play(
      ['--env', 'tens', '--options', JSON.stringify(options), '--seed', String(seed), '--step-forced'],
      lines,
    );
    expect(ended.stdout).toMatch(
      /Type undo \(u\) to take back your last move \(3 undos left\), or quit \(q\)\.\n> \n$/,
    );
    // With no undo in the game the session ends at once, and the end of input after it is no interruption.
    const plain = await play(
      ['--env', 'tens', '--options', '{"undoLimit":0}', '--seed', String(seed), '--step-forced'],
      lines,
    );
    expect(plain.stdout).toContain(over);
    expect(plain.stdout).not.toContain('Type undo');
    expect(plain.stdout).not.toContain('End of input');
    // A stray key at that prompt (a hint, a move number) asks again: the chance to undo is not lost unwarned.
    const stray = await play(
      ['--env', 'tens', '--options', JSON.stringify(options), '--seed', String(seed), '--step-forced'],
      [...lines, 'h', '1', 'u', 'q'],
    );
    expect(stray.stdout).toContain(
      '> h\nThe game is over. Type undo (u) to take back your last move (3 undos left), or quit (q).\n> 1\n' +
        'The game is over. Type undo (u)',
    );
    expect(stray.stdout).toContain('> u\nTook back your last move (2 undos left).');
  });

  it('says which move it played, in the words of the list', async () => {
    const env = make('tens');
    env.reset({ seed: 3 });
    const first = env.describeAction(env.legal[0]);
    const r = await play(['--env', 'tens', '--seed', '3', '--step-forced'], ['1', 'q']);
    expect(r.stdout).toContain(`> 1\nPlayed ${first}.\n`);
  });

  it('a whole game of decade-fives following the hints (its shipped model, the default source there)', async () => {
    // The moves the hints will show, worked out here with the same hinter, so the piped
    // script can follow them.
    const { hinter, source } = await loadHinter('decade-fives', {});
    const env = make('decade-fives');
    let lines: string[] = [];
    let expected: number[] = [];
    // A deal with at least three choices.
    let seed = 4;
    for (; expected.length < 3; seed++) {
      lines = [];
      expected = [];
      env.reset({ seed });
      while (env.running) {
        if (env.legalCount > 1) {
          const action = hinter.hint(env, { top: 1 }).hints[0].action;
          const move = env.legalActions().indexOf(action) + 1;
          lines.push('hint', String(move));
          expected.push(move);
          env.step(action);
        } else env.step(env.legal[0]); // forced: played for the player
      }
    }
    seed--;
    const r = await play(['--env', 'decade-fives', '--seed', String(seed)], lines);
    expect(r.code, r.stderr).toBe(0);
    expect(source).toBe('model models/decade-fives/ (shipped)');
    expect(r.stdout).toContain('Hints, best first · ');
    expect(hintedMoves(r.stdout)).toEqual(expected);
    // The player's own choices are counted apart from the moves played for them.
    expect(r.stdout).toContain(
      `Game over after ${plural(expected.length, 'move')} of yours, and ` +
        `${env.episodeSteps - expected.length} forced moves played for you. ` +
        env.endText(),
    );
    expect(r.stdout).toMatch(/^line: /m);
    expect(r.stdout).toMatch(/^Forced: draw( ×\d+)?(, |$)/m);
    expect(r.stdout).not.toMatch(/^ {2}1 {2}draw$/m);
  });

  it(
    'ten-twenty-thirty: the hinter is shown every state, so its ' + 'hints remember what went under the stock',
    async () => {
      // The game a player following the hints plays, worked out with a hinter shown every state,
      // on the first deal where one of its hints differs from a hint asked at the bare state.
      const env = make('ten-twenty-thirty');
      let lines: string[] = [];
      let expected: number[] = [];
      let differ = 0;
      let seed = 1;
      for (; differ === 0; seed++) {
        const { hinter } = await loadHinter('ten-twenty-thirty', {});
        // A new hinter for every question: one that has seen nothing of the game before it.
        const bareModel = await loadAgent(shippedModelDir('ten-twenty-thirty'));
        lines = [];
        expected = [];
        env.reset({ seed });
        while (env.running) {
          if (env.legalCount > 1) {
            const ranked = hinter.hint(env, { top: 0 }).hints.map((h) => h.action);
            if (
              ranked.join() !==
              createHinter({ model: bareModel })
                .hint(env.getState(), { top: 0 })
                .hints.map((h) => h.action)
                .join()
            )
              differ++;
            const move = env.legalActions().indexOf(ranked[0]) + 1;
            lines.push('hint', String(move));
            expected.push(move);
            env.step(ranked[0]);
          } else {
            hinter.observe(env);
            env.step(env.legal[0]);
          }
        }
      }
      seed--;
      const r = await play(['--env', 'ten-twenty-thirty', '--seed', String(seed)], lines);
      expect(r.code, r.stderr).toBe(0);
      expect(hintedMoves(r.stdout)).toEqual(expected);
      expect(r.stdout).toContain(
        `Game over after ${plural(expected.length, 'move')} of yours, and ` +
          `${env.episodeSteps - expected.length} forced moves`,
      );
    },
  );

  it('--agent NAME gives the hints from that agent of the env, or from a model directory', async () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    while (env.legalCount === 1) env.step(env.legal[0]);
    for (const [name, source] of [
      ['longest', 'longest'],
      ['models/decade', 'model models/decade'],
    ]) {
      const r = await play(['--env', 'decade', '--seed', '3', '--agent', name, '--top', '0'], ['hint', 'q']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`Hints, best first · ${env.legalCount} legal moves`);
      expect(source).toBeTruthy();
      const { hinter } = await loadHinter('decade', {}, { agent: name });
      expect(hintedMoves(r.stdout)).toEqual([
        env.legalActions().indexOf(hinter.hint(env, { top: 1 }).hints[0].action) + 1,
      ]);
    }
    // Longest-run-first's choice, the longer run, shown first.
    const longest = await play(['--env', 'decade', '--seed', '3', '--agent', 'longest'], ['hint', 'q']);
    // Its scores are a rule's ranking, which the order already says: a player is shown none (tengym hint shows them).
    // Nor the action id: the move's number is what a player types.
    expect(longest.stdout).toMatch(/^ {2}move 1: discard (\S+ ){4}\(30\)\n {2}move 2: discard (\S+ ){3}\(20\)$/m);
    expect(longest.stdout).not.toMatch(/on the source's scale|· action \d/);
  });

  it('forced moves are played and listed by default; --step-forced stops at them', async () => {
    const auto = await play(['--env', 'decade', '--seed', '3'], ['q']);
    expect(auto.code, auto.stderr).toBe(0);
    expect(auto.stdout).toContain('forced moves are played for you (--step-forced to play them yourself)');
    // Deal 3 opens with eight forced draws, then a choice between two discards.
    expect(auto.stdout).toMatch(
      new RegExp(
        String.raw`^Forced: draw ×8\n\nline: .*\nstock: 41 cards · discarded: 0\n {2}1 {2}discard ` +
          String.raw`.*\n {2}2 {2}discard .*\n> q\nQuit after 0 moves of yours, and 8 forced moves played for ` +
          String.raw`you\. Seed 3: tengym play --env decade ` +
          '--seed 3$',
        'm',
      ),
    );
    const stepped = await play(['--env', 'decade', '--seed', '3', '--step-forced'], ['', '', 'q']);
    expect(stepped.stdout).not.toContain('Forced:');
    expect(stepped.stdout).toMatch(/^ {2}1 {2}draw\n> \nPlayed draw\.\n\n/m);
    expect(stepped.stdout).toMatch(/Quit after 2 moves\. Seed 3: tengym play --env decade --seed 3$/m);
  });

  it('a long run of forced moves is summarised: the most common kind counted, the others listed', async () => {
    // Ten-Twenty-Thirty deals dozens of forced draws (and forced discards) between choices.
    const r = await play(['--env', 'ten-twenty-thirty', '--seed', '4'], ['1', 'q']);
    expect(r.code, r.stderr).toBe(0);
    const summaries = [...r.stdout.matchAll(/^Forced: (\d+) forced moves: draw ×(\d+); (.*)$/gm)];
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    for (const [, total, draws, rest] of summaries) {
      const others = rest.split(/, (?=discard)/);
      // A few listed; more are only counted (below).
      expect(others.length).toBeLessThanOrEqual(6);
      expect(
        others.every((o) => /^discard .*\(\d0\) from stack \d( ×\d+)?$/.test(o)),
        rest,
      ).toBe(true);
      const listed = others.reduce((n, o) => n + Number(/ ×(\d+)$/.exec(o)?.[1] ?? 1), 0);
      expect(Number(draws) + listed).toBe(Number(total));
    }
    // One choice made, the rest forced.
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^Quit after 1 move of yours, and \d+ forced moves played for you\. Seed 4: ` +
          'tengym play --env ten-twenty-thirty --seed 4$',
        'm',
      ),
    );
    // Thousands of forced moves, hundreds of them discards of their own: every kind counted, on a line a person reads.
    const long = await play(
      ['--env', 'ten-twenty-thirty', '--seed', '58'],
      Array.from({ length: 3000 }, () => '1'),
    );
    expect(long.code, long.stderr).toBe(0);
    const lines = long.stdout.split('\n').filter((l) => l.startsWith('Forced: '));
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(300);
    const counted = lines
      .map((l) => /^Forced: (\d+) forced moves: draw ×(\d+), discard ×(\d+)$/.exec(l))
      .filter((m) => m !== null);
    expect(counted.length).toBeGreaterThanOrEqual(1);
    for (const [, total, draws, discards] of counted) expect(Number(draws) + Number(discards)).toBe(Number(total));
  });

  it(
    '--save writes the game so far, one state a line, which tengym hint reads as the game (a bad --save is ' +
      'refused before the game)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tengym-play-save-'));
      const file = join(dir, 'game.jsonl');
      const r = await play(['--env', 'ten-twenty-thirty', '--seed', '4', '--save', file], ['1', '1', 'q']);
      expect(r.code, r.stderr).toBe(0);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(r.stdout).toMatch(
        new RegExp(
          `Saved the game so far \\(${lines.length} states, one a line\\) to ` +
            `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: tengym hint --env ten-twenty-thirty --state .* ranks ` +
            `where it stands\\.\\n$`,
        ),
      );
      // Every state from the deal on: the same game tengym replay plays with the same moves.
      const env = make('ten-twenty-thirty');
      env.reset({ seed: 4 });
      expect(JSON.parse(lines[0])).toEqual(env.getState());
      const hint = await tengymHere('hint', '--env', 'ten-twenty-thirty', '--state', file);
      expect(hint.code, hint.stderr).toBe(0);
      const refused = await play(['--env', 'tens', '--seed', '1', '--save', dir], ['q']);
      expect([refused.code, refused.stderr]).toEqual([1, `tengym: --save ${dir} is a directory: name a file in it\n`]);
      expect(
        (await play(['--env', 'tens', '--seed', '1', '--save', join(dir, 'no', 'x.jsonl')], ['q'])).stderr,
      ).toMatch(/^tengym: --save .*x\.jsonl: the folder .*no does not exist\n$/);
      // A file where the folder should be, and a file that cannot be opened for writing: refused before the game,
      // nothing left behind.
      writeFileSync(join(dir, 'afile'), '');
      const underFile = await play(
        ['--env', 'tens', '--seed', '1', '--save', join(dir, 'afile', 'x.jsonl')],
        ['1', 'q'],
      );
      expect([underFile.code, underFile.stdout, underFile.stderr]).toEqual([
        1,
        '',
        `tengym: --save ${join(dir, 'afile', 'x.jsonl')}: ${join(dir, 'afile')} is a file, not a folder\n`,
      ]);
      expect((await play(['--env', 'tens', '--seed', '1', '--save', join(dir, 'fresh.jsonl')], [])).code).toBe(0);
      const readOnly = join(dir, 'read-only');
      mkdirSync(readOnly);
      chmodSync(readOnly, 0o500);
      // (root writes anywhere: the refusal is checked where permissions hold.)
      if (process.getuid?.() !== 0)
        expect((await play(['--env', 'tens', '--seed', '1', '--save', join(readOnly, 'x.jsonl')], ['q'])).stderr).toBe(
          `tengym: --save ${join(readOnly, 'x.jsonl')}: cannot write it (permission denied)\n`,
        );
      expect(readdirSync(readOnly)).toEqual([]);
      // Found only as it is written (a full disk): said with the line that replays the deal.
      const full = await play(['--env', 'tens', '--seed', '1', '--save', '/dev/full'], ['q']);
      expect([full.code, full.stderr]).toEqual([
        1,
        'tengym: could not save the game to /dev/full: ENOSPC: no space left on device, write; replay the deal ' +
          'with tengym play --env tens --seed 1\n',
      ]);
    },
  );

  it('Ctrl-C ends the game like the end of the input, with the line that replays the deal', async () => {
    const child = spawn(process.execPath, [BIN, 'play', '--env', 'four-ten', '--seed', '5'], {
      env: { ...process.env, TENGYM_QUIET: '1' },
    });
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.endsWith('> ')) resolve();
      }),
    );
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(
      /\nInterrupted: the game stops here after 0 moves\. Seed 5: tengym play --env four-ten --seed 5\n$/,
    );
  });

  it('bad input is answered and the game goes on; quit; the end of the input', async () => {
    const r = await play(['--env', 'decade', '--seed', '3', '--step-forced'], ['x', '99', 'undo', '1', 'quit', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^> x\nType a move number, hint \(h\), rules \(r\), help \(\?\), quit \(q\)\.$/m);
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^> 99\nThere (is 1 move|are \d+ moves): type a number from 1 to \d+, or hint \(h\), rules ` +
          String.raw`\(r\), help \(\?\), quit \(q\)\.$`,
        'm',
      ),
    );
    expect(r.stdout).toMatch(/^> undo\ndecade has no undo\.$/m);
    expect(r.stdout).toMatch(/^> quit\nQuit after 1 move\. Seed 3: tengym play --env decade --seed 3$/m);
    const eof = await play(['--env', 'four-ten', '--seed', '8'], ['2']);
    expect(eof.code).toBe(0);
    expect(eof.stdout).toMatch(
      new RegExp(
        String.raw`\nEnd of input: the game stops here after \d+ moves?( of yours, and \d+ forced moves? played ` +
          String.raw`for you)?\. Seed 8: ` +
          String.raw`tengym play --env four-ten --seed 8\n$`,
      ),
    );
    const off = await play(['--env', 'block-ten', '--options', '{"undoLimit":0}', '--seed', '8'], ['undo']);
    expect(off.stdout).toContain(`Undo is off in this game: play with --options '{"undoLimit":3}'`);
  });

  it('endless input (< /dev/zero, a line that never ends) is refused in one line, before filling memory', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const start = Date.now();
      const r = spawnSync(process.execPath, [BIN, 'play', '--env', 'tens', '--seed', '1'], {
        encoding: 'utf8',
        stdio: [zero, 'pipe', 'pipe'],
        env: { ...process.env, TENGYM_QUIET: '1' },
        timeout: 60_000,
      });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr).toBe(
        'tengym: a line of input is longer than 65,536 characters: tengym play reads one move or command a line ' +
          '(a number, h, u, r, ?, q); the game stops here. Replay the deal with tengym play --env tens --seed 1\n',
      );
      expect(r.stdout).toMatch(/\n> \n$/);
      expect(Date.now() - start).toBeLessThan(30_000);
    } finally {
      closeSync(zero);
    }
    // Lines ended by "\r\n" (a file from Windows) play as their "\n" twins.
    const crlf = await play(['--env', 'tens', '--seed', '1'], ['1\r', 'q\r']);
    expect(crlf.stdout).toMatch(/^> q\nQuit after 1 move\. Seed 1: tengym play --env tens --seed 1$/m);
  });

  it('four-ten hints explain the round; a seed is chosen and shown when none is given', async () => {
    const r = await play(['--env', 'four-ten'], ['hint', 'q']);
    expect(r.code, r.stderr).toBe(0);
    const seed = Number(
      /^tengym play four-ten · seed (\d+) · replay this deal: tengym play --env four-ten --seed \1$/m.exec(
        r.stdout,
      )?.[1],
    );
    expect(Number.isInteger(seed)).toBe(true);
    expect(r.stdout).toMatch(/^ {2}move [123]: place \d into (Hand|Home|Shadow): .*(fault|makes 10)/m);
    // bottom-direct's scores are a ranking (−100010 for a fault), not shown to a player: the sentence holds the round's
    // figures.
    expect(r.stdout).toMatch(/^(Quick hints|Hints), best first/m);
    expect(r.stdout).toMatch(/^ {2}move [123]: place \d into \w+: [^·]*$/m);
    expect(r.stdout).not.toMatch(/on the source's scale|· action \d/);
    const again = await play(['--env', 'four-ten', '--seed', String(seed)], ['q']);
    const board = (out: string) => out.split('\n').slice(2, 9).join('\n');
    expect(board(again.stdout)).toBe(board(r.stdout));
  });

  it('four-ten: every fault is said with its reason and what paid for it, up to the bust', async () => {
    // A card placed into Shadow while Hand is empty faults at once (Shadow above Hand).
    const r = await play(['--env', 'four-ten', '--seed', '4'], ['3', '3', '3', '3']);
    expect(r.code, r.stderr).toBe(0);
    const faults = [
      ...r.stdout.matchAll(
        new RegExp(
          String.raw`^Fault: Shadow (\d) is above Hand 0\. A safety pays for it \((\d) of 3 left\)\. Round (\d) ` +
            String.raw`ends with no points\. Points 0 of 50\.$`,
          'gm',
        ),
      ),
    ];
    expect(faults.map((m) => [Number(m[2]), Number(m[3])])).toEqual([
      [2, 1],
      [1, 2],
      [0, 3],
    ]);
    expect(r.stdout).toMatch(
      new RegExp(
        String.raw`^Bust: a fault \(Shadow \d is above Hand 0\) with no safety left and 0 points, fewer than the ` +
          String.raw`\d it costs\. The game is lost\.$`,
        'm',
      ),
    );
    expect(r.stdout).toMatch(/Game over after 4 moves\. Bust after 4 rounds, with 0 points\./);
  });

  it(
    'a lost game whose picked-up cards go under the stock counts ' + 'the stock too: "0 cards left" read as cleared',
    async () => {
      const r = await play(
        ['--env', 'decade', '--options', '{"pickedUp":"deck-bottom","maxSteps":30}', '--seed', '1'],
        Array(40).fill('1'),
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(
        'Game over after 2 moves of yours, and 28 forced moves played for you. Out of steps after 30 moves: 0 ' +
          'cards on the line and 52 in the ' +
          'stock (picked-up cards go back under the stock). Seed 1',
      );
    },
  );

  it("rules (r) prints the game's rules from the rules document; help (?) the commands", async () => {
    const r = await play(['--env', 'decade-loop', '--seed', '1'], ['rules', '?', 'q']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^> rules\nDECADE\n/m);
    expect(r.stdout).toContain('A discard removes a run of at least two consecutive cards');
    expect(r.stdout).not.toContain('**');
    // A player's rules: not how a program numbers the moves, nor the training reward.
    expect(r.stdout).not.toMatch(/^ACTIONS$|677 ids|^REWARDS$/m);
    expect(r.stdout).toMatch(/^> \?\nCommands: a move's number .*rules \(r\), help \(\?\), quit \(q\)$/m);
    // The board is drawn again below the rules, its moves numbered as before.
    const afterRules = r.stdout.slice(r.stdout.indexOf('> rules'), r.stdout.indexOf('> ?'));
    expect(afterRules).toMatch(/\nline: .*\n.*\n {2}1 {2}\S.*\n( {2}\d+ {2}\S.*\n)*$/);
    const ten = await play(['--env', 'ten-twenty-thirty', '--seed', '1'], ['r', 'q']);
    expect(ten.stdout).toMatch(/^> r\nTEN-TWENTY-THIRTY\n/m);
  });

  it(
    'tengym rules prints the rules play shows (r), as Markdown with --markdown, and with --for-programs the ' +
      'action ids and the training reward too',
    async () => {
      const rules = (...args: string[]) => tengymHere('rules', ...args);
      const shown = (await play(['--env', 'decade-loop', '--seed', '1'], ['r', 'q'])).stdout;
      const text = await rules('--env', 'decade-loop');
      expect(text.code, text.stderr).toBe(0);
      // The same text as play's r, from its heading to the next prompt.
      expect(shown).toContain(`> r\n${text.stdout}`);
      expect(text.stdout).not.toMatch(/Env id|^ACTIONS$|^REWARDS$|\*\*/m);
      const markdown = await rules('--env', 'four-ten', '--markdown');
      expect(markdown.stdout).toMatch(/^## Four Ten\n/);
      expect(markdown.stdout).toContain('### Options');
      expect(markdown.stdout).not.toContain('### Actions');
      const programs = await rules('--env', 'tens', '--for-programs', '--markdown');
      expect(programs.stdout).toMatch(/^## Tens\n\n\*Env id `tens`[ .]/);
      expect(programs.stdout).toContain('### Actions');
      expect(programs.stdout).toContain('## Rewards');
      const bad = await rules('--env', 'decad');
      expect([bad.code, bad.stderr]).toEqual([
        1,
        expect.stringMatching(/^tengym: unknown env "decad" \(did you mean "decade"\?\)/),
      ]);
      expect((await rules('--env', 'tens', '--options', '{"tableau":99}')).stderr).toMatch(/tableau/);
    },
  );

  it('has --help', async () => {
    const r = await tengymHere('play', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('tengym play');
    expect(r.stdout).toContain('--hints');
    expect(r.stdout).toContain('--agent');
  });

  it.each([
    [['--env', 'nope'], /unknown env "nope"/],
    [['--env', 'tens', '--seed', '-1'], /--seed must be an integer from 0 to \d+, got -1/],
    [['--env', 'tens', '--options', '{"undoLimit":2}'], /undoLimit/],
    [['--env', 'decade', '--hints', '/nonexistent/model'], /no model at "\/nonexistent\/model"/],
    [
      ['--env', 'decade', '--agent', 'nope'],
      new RegExp(
        'unknown agent "nope" for decade; agents for decade: random, first, longest, lookahead, pimc, ' +
          'oracle, or a model directory',
      ),
    ],
    [
      ['--env', 'four-ten', '--agent', 'pimc'],
      new RegExp(
        'unknown agent "pimc" for four-ten; agents for four-ten: random, first, greedy, bottom, ' +
          'bottom-direct, expectimax, optimal',
      ),
    ],
    [['--env', 'decade', '--agent', 'longest', '--hints', 'models/decade'], /give --agent or --model, not both/],
    [['--env', 'decade', '--agent', 'longest', '--model', 'models/decade'], /give --agent or --model, not both/],
    [
      ['--env', 'decade', '--hint', 'models/decade'],
      new RegExp(
        String.raw`^tengym: Unknown argument: hint \(did you mean --hints\?\) \(tengym <command> --help shows a ` +
          String.raw`command's options\)$`,
        'm',
      ),
    ],
  ])('%j is a clear error, exit 1', async (args, message) => {
    const r = await play(args as string[], ['1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
