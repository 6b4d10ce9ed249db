#!/usr/bin/env node
// Steps per CPU second of this build beside another build of tengym (a checkout with dist/ built), both loaded in
// one process and played in alternating 200 ms slices of random legal play, one env id a process: the slices of
// the two share the machine's state of the moment, so a difference of a few percent shows through the run-to-run
// spread of separate processes on a shared machine (±30% here). Which build a process loads and runs first still
// tilts its ratio by up to ±10% (two copies of one build gave 0.95–1.11), so each id runs in PROCESSES processes,
// half of them loading this build first, and the table gives the median ratio and the range. Usage, after
// `npm run build` in both:
//   node scripts/bench-compare.mjs ../other-checkout [id …]   (default: every id both builds have)
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// TENGYM_COMPARE_SLICES (even) and TENGYM_COMPARE_PROCESSES shorten a run over many ids.
const SLICES = Number(process.env.TENGYM_COMPARE_SLICES ?? 30);
const SLICE_MS = 200;
const PROCESSES = Number(process.env.TENGYM_COMPARE_PROCESSES ?? 4);
const [otherDir, ...asked] = process.argv.slice(2);
const here = fileURLToPath(new URL('..', import.meta.url));

if (process.env.TENGYM_COMPARE_ID) {
  // One id, in a process of its own.
  const id = process.env.TENGYM_COMPARE_ID;
  const dirs = { other: resolve(otherDir), this: here };
  const order = process.env.TENGYM_COMPARE_FIRST === 'this' ? ['this', 'other'] : ['other', 'this'];
  const builds = {};
  for (const which of order) builds[which] = await import(pathToFileURL(resolve(dirs[which], 'dist/index.js')).href);
  let x = 99;
  const rnd = (n) => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x % n;
  };
  const envs = Object.fromEntries(order.map((k) => [k, builds[k].make(id)]));
  for (const env of Object.values(envs)) env.reset({ seed: 0 });
  const slice = (env) => {
    let steps = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    while (performance.now() - start < SLICE_MS)
      for (let k = 0; k < 1024; k++) {
        if (!env.running) env.reset();
        else {
          env.step(env.legal[rnd(env.legalCount)]);
          steps++;
        }
      }
    const used = process.cpuUsage(cpu);
    return steps / ((used.user + used.system) / 1e6);
  };
  for (let k = 0; k < 5; k++) for (const env of Object.values(envs)) slice(env);
  const rates = { other: [], this: [] };
  for (let k = 0; k < SLICES; k++)
    for (const which of k % 2 ? [...order].reverse() : order) rates[which].push(slice(envs[which]));
  const median = (a) => {
    const s = [...a].sort((p, q) => p - q);
    return (s[SLICES / 2 - 1] + s[SLICES / 2]) / 2;
  };
  console.log(JSON.stringify({ id, other: median(rates.other), this: median(rates.this) }));
} else {
  if (!otherDir) {
    console.error('usage: node scripts/bench-compare.mjs OTHER_CHECKOUT [id …]');
    process.exit(2);
  }
  const idsOf = async (dir) => (await import(pathToFileURL(resolve(dir, 'dist/index.js')).href)).envIds();
  const theirs = new Set(await idsOf(otherDir));
  const ids = asked.length > 0 ? asked : (await idsOf(here)).filter((id) => theirs.has(id));
  console.log(
    `steps per CPU second, median of ${SLICES} alternating slices of ${SLICE_MS} ms, in ${PROCESSES} processes an id ` +
      "(half loading this build first); the ratio is the median of the processes' ratios",
  );
  console.log('| id | other build | this build | this / other | lowest–highest ratio |');
  console.log('|---|---:|---:|---:|---:|');
  const median = (a) => {
    const s = [...a].sort((p, q) => p - q);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  for (const id of ids) {
    const runs = [];
    for (let k = 0; k < PROCESSES; k++) {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), otherDir], {
        env: { ...process.env, TENGYM_COMPARE_ID: id, TENGYM_COMPARE_FIRST: k % 2 ? 'this' : 'other' },
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${id}: ${run.stderr}`);
      runs.push(JSON.parse(run.stdout));
    }
    const ratios = runs.map((r) => r.this / r.other);
    const n = (v) => Math.round(v).toLocaleString('en-US');
    console.log(
      `| ${id} | ${n(median(runs.map((r) => r.other)))} | ${n(median(runs.map((r) => r.this)))} | ` +
        `${median(ratios).toFixed(2)} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} |`,
    );
  }
}
