#!/usr/bin/env node
// `npm start` on a busy machine: the same job with two CPU-bound processes running beside it, to
// show that its budget holds (models/README.md gives the figures). Run after `npm run build`;
// arguments go to `tengym start` (e.g. --seconds 60). Prints the budget, the wall time from
// launch to exit, and each row's deals, as JSON when given --json.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const args = process.argv.slice(2).filter((a) => a !== '--json');
const burners = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stopBurners);

const started = performance.now();
const job = spawn(process.execPath, [cli, 'start', '--json', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
job.stdout.on('data', (d) => (out += d));
job.on('close', (code) => {
  const wall = (performance.now() - started) / 1000;
  stopBurners();
  if (code !== 0) {
    process.stderr.write(`tengym start exited with code ${code}\n`);
    process.exit(1);
  }
  const report = JSON.parse(out);
  const result = {
    busyProcesses: burners.length,
    budgetSeconds: report.budgetSeconds,
    wallSeconds: Math.round(wall * 10) / 10,
    withinBudgetPlus10Percent: report.budgetSeconds === null ? null : wall <= report.budgetSeconds * 1.1,
    rows: report.envs.map((e) => ({
      env: e.env,
      deals: e.episodes,
      seconds: Math.round(e.seconds),
      stopped: e.stopped,
    })),
  };
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    console.log(
      `tengym start beside ${burners.length} CPU-bound processes: ${result.wallSeconds} s from launch to exit, ` +
        `budget ${result.budgetSeconds} s (+10%: ${result.withinBudgetPlus10Percent ? 'held' : 'NOT held'})`,
    );
    for (const r of result.rows)
      console.log(`  ${r.env}: ${r.deals} deals in ${r.seconds} s${r.stopped ? ` (${r.stopped})` : ''}`);
  }
  if (result.withinBudgetPlus10Percent === false) process.exitCode = 1;
});
