#!/usr/bin/env node
// `npm test` after its build: the type-check and the lint run beside vitest, not before it. Each takes one core for
// about half a minute, and vitest's workers rarely keep two cores busy in their first minute. Their output is printed
// whole when they end; a failure stops vitest at once, so the answer comes as soon as it is known.
//   node scripts/test.mjs [vitest arguments]
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = new Set();
let failed = false;

/** Runs a command; its output is kept and printed when it ends, unless `stream`. Resolves with its exit code. */
function run(name, command, args, stream = false) {
  return new Promise((resolve) => {
    // Each in a process group of its own, so that stopping it stops what it started (tsc under npm, vitest's workers).
    const child = spawn(command, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'], detached: true });
    children.add(child);
    let output = '';
    if (!stream) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('close', (code, signal) => {
      children.delete(child);
      const status = code ?? (signal ? 1 : 0);
      if (!stream) process.stdout.write(`\n> ${name} (exit ${status})\n${output}`);
      if (status !== 0 && !failed) {
        failed = true;
        stopAll('SIGTERM');
      }
      resolve(status);
    });
  });
}

function stopAll(signal) {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // It ended on its own meanwhile.
    }
  }
}
// A terminal's Ctrl-C reaches this process alone (the children have groups of their own): pass it on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

const statuses = await Promise.all([
  run('npm run typecheck', npm, ['run', '--silent', 'typecheck']),
  run('npm run lint', npm, ['run', '--silent', 'lint']),
  run('vitest run', 'node_modules/.bin/vitest', ['run', ...process.argv.slice(2)], true),
]);
process.exit(statuses.find((s) => s !== 0) ?? 0);
