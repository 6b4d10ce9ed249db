// The command line as a user mistypes it: every mistake is one line naming the problem
// (never "internal error"), exit 1; nothing half-done is reported as success.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envConfig } from '../../src/env/registry.js';
import { tengymHereWith } from '../helpers/cli.js';

const MODELS = fileURLToPath(new URL('../../models/', import.meta.url));

/** `tengym ...args` run in this process (in `cwd`, when given), with its stdout's lines. */
async function tengym(args: string[], cwd?: string) {
  const r = await tengymHereWith({ cwd }, ...args);
  return { ...r, lines: r.stdout.split('\n').filter((l) => l.length > 0) };
}

describe('mistakes are named errors', () => {
  it.each([
    [['replay', '--env', 'tens', '--policy', 'first'], /^tengym: give --seed N or --deck "…"$/],
    [['stats', '--env', 'tens', '--episodes', '0'], /^tengym: --episodes must be a positive integer, got 0$/],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--actions', ''],
      /^tengym: --actions is empty: give the action ids to play/,
    ],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--policy', 'random', '--policy-seed', 'x'],
      /^tengym: --policy-seed must be an integer from 0 to 9007199254740991, got something that is not a number$/,
    ],
    [
      ['replay', '--env', 'tens', '--seed', '1', '--policy', 'random', '--policy-seed', '-5'],
      /^tengym: --policy-seed must be an integer from 0 to 9007199254740991, got -5$/,
    ],
    [['bench', '--env', 'tens', '--seconds', '-1'], /^tengym: --seconds must be a positive number, got -1$/],
    [
      ['bench', '--env', 'tens', '--seconds', 'x'],
      /^tengym: --seconds must be a positive number, got something that is not a number$/,
    ],
    [['play', '--env', 'tens', '--seed', '1', '--top', '-1'], /^tengym: --top must be an integer ≥ 0, got -1$/],
    // A number flag without its number is refused, not read as 0 or the default (`--seed "$SEED"` with SEED unset).
    [['stats', '--env', 'tens', '--episodes', '3', '--seed', ''], /^tengym: --seed is empty: give a number$/],
    [['stats', '--env', 'tens', '--episodes', '3', '--seed='], /^tengym: --seed is empty: give a number$/],
    [['stats', '--env', 'tens', '--seed', '--episodes', '3'], /^tengym: --seed is given without a number$/],
    [['eval', '--env', 'decade', '--agents', 'random', '--episodes'], /^tengym: --episodes is given without a number$/],
    [['replay', '--env', 'tens', '--seed', ' ', '--policy', 'first'], /^tengym: --seed is empty: give a number$/],
    // One id's options are not applied to every id (a key of one is unknown to another, or means something else there).
    [
      ['stats', '--env', 'all', '--episodes', '3', '--options', '{"tableau":15}'],
      new RegExp(
        '^tengym: --options goes with one env id, not with --env all, which runs every id with its ' +
          String.raw`defaults \(each id has its own options\): give --env ID --options '…' for a variant$`,
      ),
    ],
    [
      ['fuzz', '--env', 'all', '--steps', '10', '--options', '{"undoLimit":3}'],
      /^tengym: --options goes with one env id, not with --env all, which runs every id/,
    ],
    [
      ['bench', '--hints', '--states', '3', '--warmup', '0', '--options', '{"discard":"optional"}'],
      /^tengym: --options goes with one env id, not with --hints without --env, which runs every id/,
    ],
    [
      ['bench', '--seconds', '0.1', '--options', '{"tableau":15}'],
      /^tengym: --options goes with one env id, not with bench without --env, which runs every id/,
    ],
    [
      ['bench', '--env', 'tens,decade', '--seconds', '0.1', '--options', '{"tableau":15}'],
      /^tengym: --options goes with one env id, not with --env tens,decade, which runs each id with its defaults/,
    ],
    [['bench', '--env', 'tens,decad', '--seconds', '0.01'], /^tengym: unknown env.*decad/],
    // bench times random play, or hints with --hints: a flag of the other mode would be ignored, so it is refused by
    // name.
    [
      ['bench', '--env', 'tens', '--seconds', '0.1', '--seed', '3'],
      new RegExp(
        String.raw`^tengym: --seed goes with --hints \(hint latency\): bench without --hints times random play, ` +
          'with --env, --options, --seconds and --num-envs$',
      ),
    ],
    [
      [
        'bench',
        '--env',
        'tens',
        '--seconds',
        '0.1',
        '--states',
        '3',
        '--warmup',
        '0',
        '--agent',
        'random',
        '--model',
        'models/decade',
      ],
      /^tengym: --states, --warmup, --agent and --model go with --hints \(hint latency\): bench without --hints/,
    ],
    [
      ['bench', '--hints', '--env', 'decade', '--states', '3', '--warmup', '0', '--seconds', '1', '--num-envs', '4'],
      new RegExp(
        String.raw`^tengym: --seconds and --num-envs go with bench without --hints \(env speed\): bench --hints ` +
          'times hints, with --env, --options, --states, --warmup, --seed and --agent or --model$',
      ),
    ],
    // The env-speed bench times the variant --options names: a bad option is refused as every command refuses it.
    [
      ['bench', '--env', 'tens', '--seconds', '0.1', '--options', '{"tableau":12}'],
      /^tengym: bad options for tens: .* at tableau$/,
    ],
  ])('%j', async (args, message) => {
    const r = await tengym(args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')[0]).toMatch(message);
    expect(r.stderr).not.toMatch(/internal error|^\s+at /m);
  });

  it(
    'bench --env ID --options times that variant and says so in its table and JSON, and --hints still takes its ' +
      'own flags',
    async () => {
      const speed = await tengym([
        'bench',
        '--env',
        'tens',
        '--options',
        '{"tableau":15}',
        '--seconds',
        '0.1',
        '--num-envs',
        '4',
        '--json',
      ]);
      expect(speed.code, speed.stderr).toBe(0);
      // Every option, the defaults filled in, as eval's report gives them.
      expect(JSON.parse(speed.stdout)).toEqual([
        expect.objectContaining({ env: 'tens', numEnvs: 4, options: envConfig('tens', { tableau: 15 }).options }),
      ]);
      // The table says which variant it timed.
      const table = await tengym([
        'bench',
        '--env',
        'tens',
        '--options',
        '{"tableau":15}',
        '--seconds',
        '0.1',
        '--num-envs',
        '4',
      ]);
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).toMatch(/^random legal play, options \{"tableau":15\}$/m);
      const hints = await tengym([
        'bench',
        '--hints',
        '--env',
        'decade',
        '--agent',
        'first',
        '--options',
        '{"maxRun":3}',
        '--states',
        '2',
        '--warmup',
        '0',
        '--seed',
        '3',
        '--json',
      ]);
      expect(hints.code, hints.stderr).toBe(0);
      expect(JSON.parse(hints.stdout)).toEqual([
        expect.objectContaining({
          env: 'decade',
          states: 2,
          warmup: 0,
          options: envConfig('decade', { maxRun: 3 }).options,
        }),
      ]);
      const hintTable = await tengym([
        'bench',
        '--hints',
        '--env',
        'decade',
        '--agent',
        'first',
        '--options',
        '{"maxRun":3}',
        '--states',
        '2',
        '--warmup',
        '0',
        '--seed',
        '3',
      ]);
      expect(hintTable.code, hintTable.stderr).toBe(0);
      expect(hintTable.stdout).toMatch(/calls untimed, options \{"maxRun":3\}$/m);
    },
  );

  it("--env all takes an empty --options (a script's unset variable): every id with its defaults", async () => {
    const r = await tengym(['stats', '--env', 'all', '--episodes', '2', '--options', '', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).length).toBeGreaterThan(5);
  });

  it('replay: actions after the end of the game are an error after the lines played', async () => {
    const full = await tengym(['replay', '--env', 'tens', '--seed', '1', '--policy', 'first']);
    const actions = full.lines.slice(1).map((l) => JSON.parse(l).action as number);
    const exact = await tengym(['replay', '--env', 'tens', '--seed', '1', '--actions', actions.join(',')]);
    expect(exact.code).toBe(0);
    expect(exact.stdout).toBe(full.stdout);
    const over = await tengym(['replay', '--env', 'tens', '--seed', '1', '--actions', [...actions, 5, 7].join(',')]);
    expect(over.code).toBe(1);
    expect(over.stdout).toBe(full.stdout);
    expect(over.stderr).toMatch(
      new RegExp(
        `^tengym: replay: the game ended after step ${actions.length} ` +
          `\\(\\{"won":(true|false),"cardsLeft":\\d+\\}\\); 2 more actions were given: 5,7\\n$`,
      ),
    );
  });
});

describe('model files', () => {
  function copyOfDecadeModel(): string {
    const dir = join(mkdtempSync(join(tmpdir(), 'tengym-model-')), 'decade-copy');
    cpSync(join(MODELS, 'decade'), dir, { recursive: true });
    return dir;
  }

  it('a truncated weights.bin is named, with its size and the size model.json describes', async () => {
    const dir = copyOfDecadeModel();
    const weights = readFileSync(join(dir, 'weights.bin'));
    writeFileSync(join(dir, 'weights.bin'), weights.subarray(0, weights.length - 100));
    const r = await tengym(['eval', '--env', 'decade', '--agents', dir, '--episodes', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `tengym: model ${dir}: weights.bin holds ${weights.length - 100} bytes, model.json describes ${weights.length} ` +
        `(100 bytes short: the file is truncated)\n`,
    );
  });

  it('a weights.bin with trailing bytes does not load as if whole', async () => {
    const dir = copyOfDecadeModel();
    const weights = readFileSync(join(dir, 'weights.bin'));
    writeFileSync(join(dir, 'weights.bin'), Buffer.concat([weights, Buffer.alloc(8)]));
    const r = await tengym(['eval', '--env', 'decade', '--agents', dir, '--episodes', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        String.raw`weights\.bin holds \d+ bytes, model\.json describes \d+ \(8 bytes too long: not the weights ` +
          String.raw`model\.json describes\)`,
      ),
    );
  });

  it('a model directory named without ./ is an agent; agents lists the shipped model', async () => {
    const dir = copyOfDecadeModel();
    const parent = join(dir, '..');
    const r = await tengym(
      ['eval', '--env', 'decade', '--agents', 'decade-copy,model', '--episodes', '8', '--workers', '0', '--json'],
      parent,
    );
    expect(r.code, r.stderr).toBe(0);
    const [copy, shipped] = JSON.parse(r.stdout).results;
    expect(copy).toMatchObject({ agent: 'decade-copy', winRate: shipped.winRate });
    const list = await tengym(['agents', '--env', 'decade']);
    expect(list.stdout).toMatch(
      /^model\s+yes\s+the trained model shipped in models\/decade\/ \(distill, [\d,]+ env\s+steps\)$/m,
    );
    expect(
      JSON.parse((await tengym(['agents', '--env', 'decade', '--json'])).stdout).map((a: { name: string }) => a.name),
    ).toContain('model');
    // No model is shipped for tens: no model row.
    expect(
      JSON.parse((await tengym(['agents', '--env', 'tens', '--json'])).stdout).map((a: { name: string }) => a.name),
    ).toEqual(['random', 'first']);
  });

  it(
    'agents --options lists the agents of that variant, and the shipped model only where it was trained for ' +
      'those options',
    async () => {
      const names = async (env: string, options?: string) => {
        const r = await tengym([
          'agents',
          '--env',
          env,
          ...(options === undefined ? [] : ['--options', options]),
          '--json',
        ]);
        expect(r.code, r.stderr).toBe(0);
        return (JSON.parse(r.stdout) as { name: string; model?: string }[]).map((a) =>
          a.model ? `model:${a.model}` : a.name,
        );
      };
      // Optional discards are solved exactly: the variant has `optimal`, as decade-optional has.
      expect(await names('decade', '{"discard":"optional"}')).toEqual(
        (await names('decade-optional')).filter((n) => !n.startsWith('model:')),
      );
      expect(await names('decade')).not.toContain('optimal');
      // Decade's options made into decade-loop's: decade-loop's model; seven stacks: no model fits.
      expect(await names('decade', '{"loop":true,"maxRun":3}')).toContain('model:models/decade-loop/');
      expect((await names('decade', '{"stacks":7}')).filter((n) => n.startsWith('model'))).toEqual([]);
      expect(await names('decade', '{"stacks":7}')).toContain('pimc');
      const text = (await tengym(['agents', '--env', 'decade', '--options', '{"stacks":7}'])).stdout;
      expect(text).toContain(`tengym eval --env decade --options '{"stacks":7}' --agents runs/decade/best,`);
      // Where the game records its agents' measured win rates (Pyramid), the list shows them, with their deals.
      const pyramid = (await tengym(['agents', '--env', 'pyramid'])).stdout;
      expect(pyramid).toMatch(/^agent\s+fair\s+win rate\s+idea$/m);
      expect(pyramid).toMatch(/^pimc\s+yes\s+55\.20%\s+determinized search/m);
      expect(pyramid).toMatch(/^first\s+yes\s+9\.83%/m);
      expect(pyramid).toContain('Win rates on the same 3,000 deals (seeds 1 to 3,000), measured by:');
      const rates = JSON.parse((await tengym(['agents', '--env', 'pyramid', '--json'])).stdout);
      expect(rates.find((a: { name: string }) => a.name === 'oracle')).toMatchObject({
        winRate: 1951 / 3000,
        deals: 3000,
      });
      expect((await tengym(['agents', '--env', 'pyramid', '--options', '{"passes":1}'])).stdout).not.toContain(
        'win rate',
      );
      const bad = await tengym(['agents', '--env', 'decade', '--options', '{"stack":7}']);
      // As eval says it: a bad option is exit 1 with the closest name.
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/unknown option "stack" \(did you mean "stacks"\?\)/);
    },
  );
});

describe('help', () => {
  const COMMANDS = ['envs', 'replay', 'bench', 'stats', 'agents', 'eval', 'start', 'train', 'hint', 'play', 'fuzz'];
  const helps = new Map<string, string>();
  const help = async (cmd: string) => {
    if (!helps.has(cmd)) {
      const r = await tengym([cmd, '--help']);
      expect(r.code, cmd).toBe(0);
      helps.set(cmd, r.stdout);
    }
    return helps.get(cmd)!;
  };

  it.each(COMMANDS)('tengym %s --help shows examples', async (cmd) => {
    const text = await help(cmd);
    expect(text).toMatch(/Examples:\n\s+tengym /);
    expect(text.slice(text.indexOf('Examples:'))).toContain(`tengym ${cmd} `);
  });

  it("the README's command summary names every option of every command", async () => {
    const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
    const section = readme.slice(readme.indexOf('## Command line'));
    const summary = section.slice(section.indexOf('```sh'), section.indexOf('```', section.indexOf('```sh') + 5));
    for (const cmd of COMMANDS) {
      const lines = summary
        .split('\n')
        .filter((l) => l.startsWith(`tengym ${cmd} `) || l === `tengym ${cmd}`)
        .join(' ');
      expect(lines, cmd).not.toBe('');
      const flags = [...(await help(cmd)).matchAll(/^\s+(?:-\w, )?(--[a-z-]+)/gm)]
        .map((m) => m[1])
        .filter((f) => f !== '--help' && f !== '--version');
      for (const flag of new Set(flags)) expect(lines, `tengym ${cmd} ${flag}`).toContain(flag);
    }
  });
});
