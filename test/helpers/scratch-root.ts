// vitest's globalSetup: every test's temporary files under one folder, removed when the run ends.
// Tests call os.tmpdir() (and the commands they spawn use TMPDIR), so pointing TMPDIR here before
// the workers start gathers them all; one packed install alone is about 300 MB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  // Once a run: each Vitest project runs its global setup, and a second root inside the first would make paths too
  // long for a Unix socket (Chromium's profile lock).
  if (process.env.TENGYM_SCRATCH_ROOT !== undefined) return () => {};
  const root = mkdtempSync(join(tmpdir(), 'tengym-tests-'));
  process.env.TMPDIR = root;
  process.env.TENGYM_SCRATCH_ROOT = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env.TENGYM_SCRATCH_ROOT;
  };
}
