// vitest's globalSetup: every test's temporary files under one folder, removed when the run ends.
// Tests call os.tmpdir() (and the commands they spawn use TMPDIR), so pointing TMPDIR here before
// the workers start gathers them all; one packed install alone is about 300 MB.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'tengym-tests-'));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
