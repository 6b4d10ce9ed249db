// The prose check of the guides (scripts/check-prose.mjs, run by `npm run lint`): it fails on a
// paragraph of 121 words, passes on one of 120, and passes on the guides themselves.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/check-prose.mjs');

/** A guide whose one paragraph holds n words, in sentences of ten (the last may be shorter). */
function guide(n: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'tengym-prose-'));
  const words = Array.from({ length: n }, (_, i) => ((i + 1) % 10 === 0 || i === n - 1 ? 'word.' : 'word'));
  const file = join(dir, 'guide.md');
  writeFileSync(file, `# A guide\n\n${words.join(' ')}\n\n\`\`\`sh\nnot counted\n\`\`\`\n`);
  return file;
}

const run = (args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });

describe('scripts/check-prose.mjs', () => {
  it('fails on a paragraph of 121 words, naming the file, line and count', () => {
    const file = guide(121);
    const result = run([file]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${file}:3: paragraph of 121 words (limit 120)`);
  });

  it('passes a paragraph of 120 words', () => {
    const result = run([guide(120)]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails on a sentence of 61 words and a mean over 22', () => {
    const file = guide(0);
    writeFileSync(file, `${Array(61).fill('word').join(' ')}.\n`);
    const result = run([file]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${file}:1: sentence of 61 words (limit 60)`);
    expect(result.stderr).toContain('mean sentence 61.0 words (limit 22)');
  });

  it('counts "e.g.", "3.5" and inline code as documented', () => {
    const file = guide(0);
    writeFileSync(file, 'One e.g. two 3.5 three `not a word.` four. Five [six](https://x.y/z.md).\n\n- Seven\n');
    const result = run(['--report', file]);
    expect(result.status).toBe(0);
    // 9 words in 3 sentences: "One e.g. two 3.5 three four." "Five six." "Seven"
    expect(result.stdout).toContain(`${file}\t9\t3.0\t6\t8`);
  });

  it('passes on the guides', () => {
    const result = run([]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
