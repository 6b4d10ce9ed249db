// `tengym train --help` lists each algorithm's config fields (src/cli/commands/train.ts,
// CONFIG_FIELDS_HELP): every field its schema takes, and none it does not.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONFIG_FIELDS_HELP } from '../../src/cli/commands/train.js';
import { commonConfigFields } from '../../src/train/algorithm.js';
import { ALGORITHMS, loadAlgorithm } from '../../src/train/algorithms/index.js';

/** The fields listed for `who`: lines "- who: …", "- who (…): …" and "- who, …: …". */
function listed(who: string): Set<string> {
  const fields = new Set<string>();
  for (const [line, names] of CONFIG_FIELDS_HELP) if (line === who || line.startsWith(`${who} `) || line.startsWith(`${who},`)) for (const f of names.split(' ')) fields.add(f);
  return fields;
}

describe('train --help config fields', () => {
  it('lists the common fields under "all"', () => {
    expect([...listed('all')].sort()).toEqual(Object.keys(commonConfigFields).sort());
  });

  it.each(ALGORITHMS)('lists exactly the fields of %s\'s schema beside the common ones', async (name) => {
    const schema = (await loadAlgorithm(name)).configSchema as unknown as z.ZodObject;
    const own = Object.keys(schema.shape).filter((k) => !Object.hasOwn(commonConfigFields, k));
    expect([...listed(name)].sort()).toEqual(own.sort());
  });
});
