// docs/pysolfc.md's line references (`file:line` `text`) hold the text they quote, and a moved line is caught.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the repo's, plain JavaScript without types.
import { checkReference, references } from '../scripts/check-source-refs.mjs';

type Ref = { file: string; line: number; text: string; at: number };

describe("docs/pysolfc.md's references", () => {
  const refs: Ref[] = references(readFileSync(new URL('../docs/pysolfc.md', import.meta.url), 'utf8'));

  it('quote the lines they name, on tengym’s side', () => {
    const tengym = refs.filter((r) => r.file.startsWith('src/'));
    expect(tengym.length).toBeGreaterThanOrEqual(20);
    for (const r of tengym) expect(checkReference(r, null), `docs/pysolfc.md:${r.at}`).toBeNull();
  });

  it('name both sides in every rule row', () => {
    expect(refs.filter((r) => r.file.endsWith('.py')).length).toBeGreaterThanOrEqual(20);
  });

  it('fail on a line that moved, and say where the text is now', () => {
    const [first] = refs.filter((r) => r.file.startsWith('src/'));
    expect(checkReference({ ...first, line: first.line + 1 }, null)).toMatch(
      new RegExp(`does not hold .*\\(line .*${first.line}`),
    );
  });
});
