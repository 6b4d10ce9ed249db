// A mutation score estimated from a random sample of mutants, for code whose full run takes
// too long (`npm run mutate:sample -- --part decade --size 150`).
//
// Why a sample: Stryker puts every mutant of a file into the code at once, behind a switch
// and a coverage counter on each expression. The agents' searches run those expressions
// millions of times a test, so with all their mutants in place the tests run 30 to 40 times
// slower and a full run takes the better part of a day. With only 150 drawn mutants in
// place they run about 3 times slower.
//
// How: list every mutant of the part with Stryker's own instrumenter, draw `size` of them
// uniformly (a pure-rand shuffle under `seed`), hand Stryker one `--mutate` range per drawn
// mutant, leave out the mutants inside a drawn span (stryker/sample-ignorer.mjs), and score
// the drawn mutants only. The other mutators of a drawn node (the other operators of the
// same comparison) are tested too but not counted, so the estimate stays a uniform sample.
// The same seed with a larger size extends the sample: it is a prefix of one fixed shuffle.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { z } from 'zod';
// The build's (`npm run mutate:sample` builds first): one shuffle and one interval for tengym.
import { createRng, shuffleInPlace } from '../dist/env/rng.js';
import { wilsonInterval } from '../dist/stats/intervals.js';

// The parts are the folders `npm run mutate:agents` mutates, less what it leaves out, each named by its game
// ('decade' for src/games/decade/agents, 'four-ten-solver' for src/games/four-ten/solver).
const base = JSON.parse(readFileSync('stryker/agents.config.json', 'utf8'));
const PARTS = Object.fromEntries(
  base.mutate
    .filter((p) => !p.startsWith('!') && p.endsWith('/**/*.ts'))
    .map((p) => p.replace('/**/*.ts', ''))
    .map((folder) => [folder.replace('src/games/', '').replace('/agents', '').replace('/', '-'), folder]),
);
const NOT_MUTATED = new Set(base.mutate.filter((p) => p.startsWith('!')).map((p) => p.slice(1)));

const optionsSchema = z.object({
  part: z.enum(Object.keys(PARTS)),
  size: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  concurrency: z.number().int().positive(),
  list: z.boolean(),
});

const options = optionsSchema.parse(
  await yargs(hideBin(process.argv))
    .option('part', { type: 'string', demandOption: true, choices: Object.keys(PARTS) })
    .option('size', { type: 'number', default: 150, describe: 'mutants drawn' })
    .option('seed', { type: 'number', default: 1, describe: 'the shuffle the draw is a prefix of' })
    .option('concurrency', { type: 'number', default: 2, describe: 'Stryker test runners' })
    .option('list', { type: 'boolean', default: false, describe: 'print the drawn mutants and stop' })
    .strict()
    .parse(),
);

const folder = PARTS[options.part];
const files = readdirSync(folder, { recursive: true })
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `${folder}/${name}`)
  .filter((name) => !NOT_MUTATED.has(name))
  .sort();
const quiet = () => false;
const logger = {
  isTraceEnabled: quiet,
  isDebugEnabled: quiet,
  isInfoEnabled: quiet,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  trace() {},
  debug() {},
  info() {},
  warn: console.warn,
  error: console.error,
  fatal: console.error,
};
const { mutants } = await new Instrumenter(logger).instrument(
  files.map((name) => ({ name, content: readFileSync(name, 'utf8'), mutate: true })),
  { plugins: null, excludedMutations: [], ignorers: [], noHeader: true },
);

// One fixed shuffle of the whole list per seed; the draw is its first `size`.
const order = mutants.map((_, i) => i);
shuffleInPlace(createRng(options.seed), order);
const drawn = order.slice(0, Math.min(options.size, order.length)).map((i) => mutants[i]);

// The instrumenter counts lines and columns from 0. Babel, `--mutate` ranges and
// stryker/sample-ignorer.mjs count lines from 1 and columns from 0; the JSON report both from 1.
const babelSpan = ({ start, end }) => ({
  start: { line: start.line + 1, column: start.column },
  end: { line: end.line + 1, column: end.column },
});
const drawnSpans = drawn.map((m) => babelSpan(m.location));

/**
 * A mutant's identity across instrumentations (ids are renumbered): its span as the report counts it, mutator and
 * replacement.
 */
const keyOf = (fileName, { start, end }, mutatorName, replacement) =>
  `${fileName}:${start.line}:${start.column}-${end.line}:${end.column}:${mutatorName}:${replacement}`;
const reportSpan = ({ start, end }) => ({
  start: { line: start.line, column: start.column + 1 },
  end: { line: end.line, column: end.column + 1 },
});
const drawnKeys = new Set(
  drawn.map((m, i) => keyOf(m.fileName, reportSpan(drawnSpans[i]), m.mutatorName, m.replacement)),
);

if (options.list) {
  drawn.forEach((m, i) =>
    console.log(
      `${m.fileName}:${drawnSpans[i].start.line}:${drawnSpans[i].start.column} ${m.mutatorName} → ${m.replacement}`,
    ),
  );
  process.exit(0);
}

// A --mutate range is "file:line:column-line:column", both ends included.
const ranges = drawn.map((m, i) => {
  const { start, end } = drawnSpans[i];
  return `${m.fileName}:${start.line}:${start.column}-${end.line}:${end.column}`;
});
const out = `reports/mutation/sample-${options.part}`;
mkdirSync('reports/mutation', { recursive: true });
const spans = {};
drawn.forEach((m, i) => (spans[m.fileName] ??= []).push(drawnSpans[i]));
writeFileSync(`${out}.spans.json`, JSON.stringify(spans));
const config = {
  ...base,
  mutate: ranges,
  plugins: ['@stryker-mutator/*', './stryker/sample-ignorer.mjs'],
  ignorers: ['not-drawn'],
  concurrency: options.concurrency,
  // The sample changes with its size and seed, so an earlier run's results are not reused.
  incremental: false,
  reporters: ['progress', 'json'],
  jsonReporter: { fileName: `${out}.json` },
};
delete config.$schema;
delete config.incrementalFile;
delete config.htmlReporter;
writeFileSync(`${out}.config.json`, JSON.stringify(config, null, 2));
const run = spawnSync('npx', ['stryker', 'run', `${out}.config.json`], {
  stdio: 'inherit',
  env: {
    ...process.env,
    TENGYM_TEST_SCALE: process.env.TENGYM_TEST_SCALE ?? '0.02',
    TENGYM_MUTANT_SAMPLE: `${out}.spans.json`,
  },
});
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(readFileSync(`${out}.json`, 'utf8'));
const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
const survivors = [];
let found = 0;
for (const [fileName, file] of Object.entries(report.files)) {
  for (const m of file.mutants) {
    if (!drawnKeys.has(keyOf(fileName, m.location, m.mutatorName, m.replacement))) continue;
    found++;
    counts[m.status]++;
    if (m.status === 'Survived' || m.status === 'NoCoverage')
      survivors.push(`${fileName}:${m.location.start.line} ${m.mutatorName} → ${m.replacement} (${m.status})`);
  }
}
if (found !== drawn.length) throw new Error(`the report holds ${found} of the ${drawn.length} drawn mutants`);

// Stryker's score: killed and timed out over all but the ignored (static) and erroring ones.
const detected = counts.Killed + counts.Timeout;
const scored = detected + counts.Survived + counts.NoCoverage;
const [low, high] = wilsonInterval(detected, scored);
const pct = (x) => `${(100 * x).toFixed(1)}%`;
console.log(`\n${options.part}: ${mutants.length} mutants, ${drawn.length} drawn (seed ${options.seed})`);
console.log(`  ${JSON.stringify(counts)}`);
console.log(
  `  estimated score ${pct(detected / scored)} [${pct(low)}, ${pct(high)}] (95%, Wilson) from ${scored} scored`,
);
for (const line of survivors) console.log(`  not detected: ${line}`);
