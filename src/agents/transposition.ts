/**
 * The arrays of a solver's transposition table: a power of two of entries, each a key of two or three 32-bit words, a
 * byte of value and a generation stamp, by which `clear` forgets every entry in O(1). How a key is hashed, probed and
 * replaced is each solver's own.
 */
export class TranspositionTable {
  /** The entries less one: a hash masked with it is an entry. */
  readonly mask: number;
  readonly key1: Int32Array;
  readonly key2: Int32Array;
  /** The third word of a three-word key (empty for two-word keys). */
  readonly key3: Int32Array;
  readonly val: Uint8Array;
  /** The generation each entry was written in: one of another generation is free. */
  readonly gen: Uint32Array;
  generation = 1;

  /** `tableBits`: log2 of the entries (13 bytes each, 17 with three-word keys). */
  constructor(tableBits: number, keyWords: 2 | 3 = 2) {
    const size = 1 << tableBits;
    this.mask = size - 1;
    this.key1 = new Int32Array(size);
    this.key2 = new Int32Array(size);
    this.key3 = new Int32Array(keyWords === 3 ? size : 0);
    this.val = new Uint8Array(size);
    this.gen = new Uint32Array(size);
  }

  /** Forgets every entry (O(1), but for a wipe of the stamps once in 2^32 calls). */
  clear(): void {
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.gen.fill(0);
      this.generation = 1;
    }
  }

  /** Writes an entry at `at` in this generation. */
  put(at: number, k1: number, k2: number, value: number): void {
    this.gen[at] = this.generation;
    this.key1[at] = k1;
    this.key2[at] = k2;
    this.val[at] = value;
  }
}
