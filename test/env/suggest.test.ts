// "Did you mean": mistyped env ids and option keys get the closest name, and the valid ones.
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../../src/env/suggest.js';
import { make } from '../../src/env/registry.js';

describe('suggestions', () => {
  it('finds the closest name when it is a typo, and nothing for a stranger', () => {
    expect(editDistance('tablaeu', 'tableau')).toBe(1);
    expect(closest('decad', ['tens', 'decade', 'decade-loop'])).toBe('decade');
    expect(closest('tablaeu', ['tableau', 'refill'])).toBe('tableau');
    expect(closest('MAXRUN', ['minRun', 'maxRun'])).toBe('maxRun');
    expect(closest('xyzzy', ['tens', 'decade'])).toBeNull();
  });

  it('env ids and option keys in errors', () => {
    expect(() => make('decad' as string)).toThrow(
      /^unknown env "decad" \(did you mean "decade"\?\); registered ids: tens, /,
    );
    expect(() => make('tens' as string, { tablaeu: 15 })).toThrow(
      new RegExp(
        String.raw`^bad options for tens: unknown option "tablaeu" \(did you mean "tableau"\?\); its options: ` +
          'tableau, refill, blockTens, undoLimit, reward$',
      ),
    );
    expect(() => make('four-ten' as string, { stacks: 7 })).toThrow(
      /^bad options for four-ten: unknown option "stacks"; its options: drawVisible, check, /,
    );
  });
});
