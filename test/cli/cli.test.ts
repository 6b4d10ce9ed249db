// The built `tengym` binary, run as a user runs it (npm test builds dist/ first).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RandomAgent } from '../../src/agents/basic.js';
import type { CardOutcome } from '../../src/env/game.js';
import type { FourTenOutcome } from '../../src/games/four-ten/engine.js';
import { envIds, make } from '../../src/env/registry.js';
import { TENGYM_VERSION } from '../../src/node/version.js';
import { wilsonInterval } from '../../src/stats/intervals.js';
import { tengymHere } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** `tengym ...args` run in this process, with its stdout's lines. */
async function tengym(...args: string[]) {
  const r = await tengymHere(...args);
  return { ...r, lines: r.stdout.split('\n').filter((l) => l.length > 0) };
}

const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

describe('tengym CLI', () => {
  it('has --help on every command tengym --help lists, each loading its own module', async () => {
    const help = (await tengym('--help')).stdout;
    const listed = [
      ...help
        .split('Commands:')[1]
        .split('Options:')[0]
        .matchAll(/^\s+tengym (\w+)/gm),
    ].map((m) => m[1]);
    expect(listed).toContain('replay');
    expect(new Set(listed).size).toBe(listed.length);
    for (const cmd of listed) {
      const r = await tengym(cmd, '--help');
      expect(r.code, cmd).toBe(0);
      expect(r.stdout, cmd).toMatch(new RegExp(`^tengym ${cmd}\\b`));
    }
  });

  it('eval says one deal as "1 deal", and its interval as having no bounds', async () => {
    const r = await tengym(
      'eval',
      '--env',
      'tens',
      '--agents',
      'first,random',
      '--reference',
      'random',
      '--episodes',
      '1',
      '--workers',
      '0',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ · 1 deal from seed 0 · /);
    expect(r.stdout).not.toMatch(/1 deals/);
    expect(r.stdout).toMatch(/^first .* \+0\.00 \[–, –\]/m);
  });

  it('envs lists ids with options and defaults', async () => {
    const r = await tengym('envs');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tens\b/m);
    expect(r.stdout).toMatch(/refill\s+"strict"\s+"strict" \| "buffered"/);
    const json = JSON.parse((await tengym('envs', '--json')).stdout);
    expect(json.map((e: { id: string }) => e.id)).toContain('ten-twenty-thirty');
  });

  it('replay prints the initial state then one line per step, and --actions reproduces --policy', async () => {
    const a = await tengym('replay', '--env', 'decade', '--seed', '5', '--policy', 'random', '--policy-seed', '3');
    expect(a.code).toBe(0);
    const lines = a.lines.map((l) => JSON.parse(l));
    expect(Object.keys(lines[0]).sort()).toEqual(['legalActions', 'state']);
    const steps = lines.slice(1);
    expect(steps.length).toBeGreaterThan(3);
    steps.forEach((s, i) => expect(s.step).toBe(i + 1));
    for (const key of ['step', 'action', 'reward', 'terminated', 'truncated', 'legalActions', 'info', 'state'])
      expect(steps[0]).toHaveProperty(key);
    const last = steps[steps.length - 1];
    expect(last.terminated || last.truncated).toBe(true);
    expect(last.info.outcome).toHaveProperty('cardsLeft');
    const b = await tengym(
      'replay',
      '--env',
      'decade',
      '--seed',
      '5',
      '--actions',
      steps.map((s) => s.action).join(','),
    );
    expect(b.stdout).toBe(a.stdout);
  });

  it('replay takes an explicit deck', async () => {
    const first = JSON.parse((await tengym('replay', '--env', 'tens', '--seed', '9', '--policy', 'first')).lines[0]);
    const deck = [...first.state.game.tableau, ...first.state.game.stock]
      .filter((c: unknown) => typeof c === 'string')
      .join(' ');
    const viaDeck = await tengym('replay', '--env', 'tens', '--deck', deck, '--policy', 'first');
    const viaSeed = await tengym('replay', '--env', 'tens', '--seed', '9', '--policy', 'first');
    expect(viaDeck.code).toBe(0);
    const strip = (out: string) =>
      out
        .split('\n')
        .map((l) => (l ? JSON.stringify({ ...JSON.parse(l), state: { ...JSON.parse(l).state, rng: null } }) : l));
    expect(strip(viaDeck.stdout)).toEqual(strip(viaSeed.stdout));
  });

  it("eval --json gives each agent the seconds its deals took, as the table's s column does", async () => {
    const r = await tengym(
      'eval',
      '--env',
      'decade',
      '--agents',
      'random,longest',
      '--episodes',
      '20',
      '--workers',
      '0',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const { results } = JSON.parse(r.stdout) as { results: { agent: string; seconds: number }[] };
    expect(results.map((x) => x.agent)).toEqual(['random', 'longest']);
    for (const x of results) {
      expect(typeof x.seconds, x.agent).toBe('number');
      expect(x.seconds).toBeGreaterThanOrEqual(0);
      expect(x.seconds).toBeLessThan(60);
    }
  });

  describe('eval without --env', () => {
    /** An eval --json report without the one field that differs between runs. */
    const report = (stdout: string) => {
      const r = JSON.parse(stdout) as { results: { seconds: number }[] };
      return { ...r, results: r.results.map(({ seconds: _, ...rest }) => rest) };
    };

    it('plays the env a model directory in --agents was trained for: the same report as with --env', async () => {
      const play = (...env: string[]) =>
        tengym('eval', ...env, '--agents', 'models/decade,longest', '--episodes', '3', '--workers', '0', '--json');
      const fromModel = await play();
      const named = await play('--env', 'decade');
      expect(fromModel.code, fromModel.stderr).toBe(0);
      expect(named.code, named.stderr).toBe(0);
      expect(report(fromModel.stdout)).toEqual(report(named.stdout));
      expect(report(fromModel.stdout)).toMatchObject({ env: 'decade', episodes: 3, reference: 'models/decade' });
      // The table says where its env came from.
      const table = await tengym('eval', '--agents', 'models/decade', '--episodes', '1', '--workers', '0');
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).toMatch(
        /^decade \{.*\} \(the env models\/decade was trained for\) · 1 deal from seed 0 · /m,
      );
    });

    it('refuses models trained for different envs in one line naming each, exit 1', async () => {
      const r = await tengym(
        'eval',
        '--agents',
        'models/decade,models/four-ten,longest',
        '--episodes',
        '2',
        '--workers',
        '0',
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        'tengym: the models in --agents were trained for different envs (models/decade: decade; ' +
          'models/four-ten: four-ten): a model plays only the env it was trained for, so evaluate models of one ' +
          'env together\n',
      );
    });

    it('refuses agents none of which is a model directory, saying when --env may be left out', async () => {
      const r = await tengym('eval', '--agents', 'random,longest', '--episodes', '2', '--workers', '0');
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        'tengym: --env is needed unless an agent is a model directory (model.json + weights.bin), whose env ' +
          'is then played: give --env ID (tengym envs lists the ids)\n',
      );
    });

    it("applies --options to the model's env, and refuses the model as --env does when they don't fit", async () => {
      const r = await tengym(
        'eval',
        '--agents',
        'models/decade',
        '--options',
        '{"stacks":7}',
        '--episodes',
        '2',
        '--workers',
        '0',
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        new RegExp(
          String.raw`^tengym: model "models\/decade" was trained for decade \{.*\}, not decade \{.*\} \(stacks 1 ` +
            String.raw`there, 7 here\)\n$`,
        ),
      );
    });
  });

  it(
    'replay --agent plays the game tengym eval plays on the same deal, the agent reset as eval resets it there ' +
      '(--deal)',
    async () => {
      const eval_ = await tengym(
        'eval',
        '--env',
        'decade',
        '--agents',
        'random,longest',
        '--episodes',
        '8',
        '--seed',
        '40',
        '--json',
        '--per-deal',
        '--workers',
        '0',
      );
      expect(eval_.code, eval_.stderr).toBe(0);
      const [random, longest] = JSON.parse(eval_.stdout).results;
      const last = async (agent: string, deal: number) =>
        JSON.parse(
          (
            await tengym('replay', '--env', 'decade', '--seed', '40', '--deal', String(deal), '--agent', agent)
          ).lines.at(-1)!,
        );
      for (const deal of [0, 5, 7]) {
        // `random` draws from its reset seed: only eval's reset gives eval's game.
        for (const [agent, rows] of [
          ['random', random],
          ['longest', longest],
        ] as const) {
          const end = await last(agent, deal);
          expect([end.info.outcome.cardsLeft, end.step], `${agent} deal ${deal}`).toEqual([
            rows.deals.cardsLeft[deal],
            rows.deals.steps[deal],
          ]);
        }
      }
      expect((await tengym('replay', '--env', 'decade', '--seed', '45', '--agent', 'longest')).stdout).toBe(
        (await tengym('replay', '--env', 'decade', '--seed', '40', '--deal', '5', '--agent', 'longest')).stdout,
      );
      expect((await tengym('replay', '--env', 'decade', '--seed', '1', '--agent', 'models/decade')).code).toBe(0);
    },
  );

  it('an illegal action prints the steps before it, then a clear error and a non-zero exit', async () => {
    // A deal that lasts at least three steps.
    let seed = 0;
    let played: { action: number; legalActions: number[] }[] = [];
    for (; played.length < 4; seed++)
      played = (await tengym('replay', '--env', 'tens', '--seed', String(seed), '--policy', 'first')).lines.map((l) =>
        JSON.parse(l),
      );
    seed--;
    const legal = played.slice(1, 3).map((s) => s.action);
    const illegal = [...Array(82).keys()].find((a) => !played[2].legalActions.includes(a))!;
    const r = await tengym(
      'replay',
      '--env',
      'tens',
      '--seed',
      String(seed),
      '--actions',
      [...legal, illegal].join(','),
    );
    expect(r.code).not.toBe(0);
    expect(r.lines.length).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`step 3: step\\(${illegal}\\): .* is not legal`));
    expect(r.stderr).toMatch(/Legal now: /);
    noStack(r.stderr);
  });

  it.each([
    [
      ['replay', '--env', 'nope', '--seed', '1', '--policy', 'first'],
      new RegExp(`unknown env "nope"; registered ids: ${envIds()[0]}`),
    ],
    [
      ['replay', '--env', 'tens', '--options', '{bad', '--seed', '1', '--policy', 'first'],
      /--options is not valid JSON/,
    ],
    [['replay', '--env', 'tens', '--options', '{"tableau":12}', '--seed', '1', '--policy', 'first'], /tableau/],
    [['replay', '--env', 'tens', '--deck', 'AS 2C', '--policy', 'first'], /bad deck: 2 cards, a deck has 52/],
    [
      ['replay', '--env', 'tens', '--seed', '-4', '--policy', 'first'],
      /--seed must be an integer from 0 to \d+, got -4/,
    ],
    [['replay', '--env', 'tens', '--seed', '1', '--actions', '1,x'], /entry 2 "x" is not an action id/],
    [['replay', '--env', 'tens', '--seed', '1', '--actions', '999'], /not an action id; tens has ids 0..81/],
    [['replay', '--env', 'tens', '--policy', 'first'], /give --seed N or --deck/],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--policy', 'first', '--agent', 'first'],
      /give exactly one of --actions, --policy or --agent/,
    ],
    [['replay', '--env', 'tens', '--seed', '1', '--agent', 'pimc'], /unknown agent "pimc" for tens/],
    // Every name is checked before a model among them loads TensorFlow.js (whose backend line would come first).
    [
      ['eval', '--env', 'decade', '--agents', 'model,bogus', '--episodes', '5'],
      /^tengym: unknown agent "bogus" for decade;/,
    ],
    [
      ['replay', '--env', 'tens', '--deck', 'AS', '--deal', '2', '--agent', 'first'],
      /--deal I is deal I of an evaluation from --seed S: give --seed with it/,
    ],
    [
      ['replay', '--env', 'tens', '--seed', '9007199254740990', '--deal', '5', '--agent', 'first'],
      new RegExp(
        String.raw`^tengym: --seed 9007199254740990 with --deal 5: deal I is seed S \+ I, and seeds go up to ` +
          String.raw`9007199254740991, so --deal is at most 1 here\n$`,
      ),
    ],
    [['stats', '--env', 'tens', '--episodes', '0'], /--episodes must be a positive integer/],
    [['frobnicate'], /Unknown argument|Did you mean|Unknown command/i],
  ])('bad input %j is one clear line, exit 1', async (args, message) => {
    const r = await tengym(...args);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    noStack(r.stderr);
  });

  it('stats --json prints the outcome rates with a 95% interval', async () => {
    const r = await tengym('stats', '--env', 'tens', '--episodes', '300', '--seed', '1', '--json');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ env: 'tens', episodes: 300, seed: 1 });
    // Tens has no real decisions: the same 300 deals played with the first legal move give the same figures.
    let wins = 0;
    let cardsLeft = 0;
    const env = make('tens');
    for (let i = 0; i < 300; i++) {
      env.reset({ seed: 1 + i });
      while (env.running) env.step(env.legal[0]);
      wins += env.outcome().won ? 1 : 0;
      cardsLeft += (env.outcome() as CardOutcome).cardsLeft;
    }
    expect(s.winRate).toBe(wins / 300);
    expect(s.ci95).toEqual(wilsonInterval(wins, 300));
    expect(s.meanCardsLeft).toBeCloseTo(cardsLeft / 300, 12);
    // Four Ten's figures, each from the 50 games a seeded random player plays here (deal i: seed i).
    const f = JSON.parse((await tengym('stats', '--env', 'four-ten', '--episodes', '50', '--json')).stdout);
    const game = make('four-ten');
    const player = new RandomAgent(0);
    const sums = { won: 0, rounds: 0, points: 0, steps: 0, truncated: 0, dead: 0 };
    for (let i = 0; i < 50; i++) {
      game.reset({ seed: i });
      if (!game.running) sums.dead++;
      while (game.running) game.step(player.act(game));
      const o = game.outcome() as FourTenOutcome;
      sums.won += o.won ? 1 : 0;
      sums.rounds += o.rounds;
      sums.points += o.points;
      sums.steps += game.episodeSteps;
      sums.truncated += game.truncated ? 1 : 0;
    }
    expect(f).toMatchObject({
      env: 'four-ten',
      episodes: 50,
      seed: 0,
      winRate: sums.won / 50,
      ci95: wilsonInterval(sums.won, 50),
      truncatedRate: sums.truncated / 50,
      deadDealRate: sums.dead / 50,
    });
    expect(f.meanRoundsPlayed).toBeCloseTo(sums.rounds / 50, 12);
    expect(f.meanPoints).toBeCloseTo(sums.points / 50, 12);
    expect(f.meanSteps).toBeCloseTo(sums.steps / 50, 12);
    expect(f.meanRoundsPlayed).toBeGreaterThan(1);
    expect(f).not.toHaveProperty('meanRounds');
    expect(f).not.toHaveProperty('meanCardsLeft');
  });

  it(
    'stats --env all right-aligns its number columns, though four-ten has no mean cards left and the others no ' +
      'mean rounds',
    async () => {
      // An empty cell says nothing about its column: one used to turn the whole column left-aligned.
      const r = await tengym('stats', '--env', 'all', '--episodes', '20');
      expect(r.code, r.stderr).toBe(0);
      const [header, rule, ...rest] = r.lines;
      const rows = rest.filter((row) => envIds().includes(row.split(' ')[0]));
      expect(rows).toHaveLength(envIds().length);
      // Below the table, which deals the figures are over (a rate quoted in the rules is over 100,000 others).
      expect(rest.slice(rows.length).join('\n')).toMatch(/^Random legal play over 20 deals, seeds 0 to 19\.\n/);
      const names = header.trim().split(/ {2,}/);
      const spans = [...rule.matchAll(/-+/g)].map((m) => [m.index!, m.index! + m[0].length]);
      for (const name of ['episodes', 'win rate', '95% interval', 'mean cards left', 'mean rounds played']) {
        const [start, end] = spans[names.indexOf(name)];
        const cells = rows.map((row) => row.padEnd(end).slice(start, end));
        expect(cells.filter((cell) => cell.trim() !== '').length, name).toBeGreaterThan(0);
        for (const cell of cells) expect(cell, name).toMatch(/^ *$|\S$/);
      }
    },
  );

  it(
    "stats of one env shows only its game's own figure: no empty mean rounds column for decade, no cards left " +
      'for four-ten',
    async () => {
      const header = async (id: string) =>
        (await tengym('stats', '--env', id, '--episodes', '5')).lines[0].trim().split(/ {2,}/);
      expect(await header('decade')).toEqual([
        'env',
        'options',
        'episodes',
        'win rate',
        '95% interval',
        'mean cards left',
      ]);
      expect(await header('four-ten')).toEqual([
        'env',
        'options',
        'episodes',
        'win rate',
        '95% interval',
        'mean rounds played',
      ]);
    },
  );

  it('bench --json prints steps per second per id', async () => {
    const r = await tengym('bench', '--env', 'tens', '--seconds', '0.2', '--json');
    expect(r.code).toBe(0);
    const [b] = JSON.parse(r.stdout);
    expect(b.env).toBe('tens');
    expect(b.stepsPerSecond).toBeGreaterThan(0);
    expect(b.vectorStepsPerSecond).toBeGreaterThan(0);
  });

  it('bench --env all benches every id, as stats and fuzz take it, and as bench without --env does', async () => {
    const all = await tengym('bench', '--env', 'all', '--seconds', '0.01', '--num-envs', '2', '--json');
    expect(all.code, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout).map((b: { env: string }) => b.env)).toEqual(envIds());
    const refused = await tengym('bench', '--env', 'all', '--options', '{"maxSteps":9}');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--options goes with one env id, not with --env all, which runs every id/);
  });

  it('fuzz --json prints the fields its --help names, and its --help names every field it prints', async () => {
    const r = await tengym('fuzz', '--env', 'tens', '--steps', '200', '--json');
    expect(r.code).toBe(0);
    const [report] = JSON.parse(r.stdout);
    expect(report.tengymVersion).toBe(TENGYM_VERSION);
    const printed = Object.keys(report).sort();
    const help = (await tengym('fuzz', '--help')).stdout.replace(/\s+/g, ' ');
    const named = /Print \[\{ ([^}]+) \}\]/.exec(help)![1].split(', ').sort();
    expect(named).toEqual(printed);
  });

  it('fuzz says under its table what each column counts (not with --json)', async () => {
    const r = await tengym('fuzz', '--env', 'tens', '--steps', '200');
    expect(r.code).toBe(0);
    const header = r.stdout.split('\n').find((l) => l.startsWith('env '))!;
    const columns = header.trim().split(/ {2,}/);
    expect(columns).toContain('corrupted states (refused/accepted)');
    // Every count column past the first three is explained below the table, by its leading words.
    for (const column of ['rejected inputs', 'round trips', 'clones', 'corrupted states', 'violations'])
      expect(r.stdout).toMatch(new RegExp(`^(\\w.*, )?${column}[,:]`, 'm'));
    expect(r.stdout).toMatch(/accepted when it still\s+describes a consistent game/);
  });

  it.skipIf(!existsSync('/dev/full'))(
    'output that cannot be written (a full disk) is one line and exit code 1; a reader that stops early (| ' +
      'head) is no error',
    async () => {
      const full = openSync('/dev/full', 'w');
      try {
        // A command's output, and the help and version yargs prints itself.
        for (const args of [
          ['replay', '--env', 'decade', '--seed', '1', '--policy', 'first'],
          ['--help'],
          ['--version'],
          ['eval', '--help'],
        ]) {
          const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
          expect(r.status, args.join(' ')).toBe(1);
          expect(r.stderr).toBe('tengym: cannot write the output: no space left on device (ENOSPC)\n');
        }
      } finally {
        closeSync(full);
      }
      const head = spawnSync(
        'bash',
        [
          '-c',
          `"${process.execPath}" "${BIN}" replay --env decade --seed 1 --policy first | head -n 1 > ` +
            `/dev/null; echo "\${PIPESTATUS[0]}"`,
        ],
        { encoding: 'utf8' },
      );
      expect(head.stderr).toBe('');
      expect(head.stdout.trim()).toBe('0');
    },
  );
});
