// Explicit Fifteens deals the scenario tests share.

/** Each suit's 6-9 and 7-8, then each suit's A to 5 (15 a suit), then each suit's 10-J-Q-K: a deal that clears. */
export const CLEAR_DECK: string[] = [
  ...[...'CDHS'].flatMap((s) => ['6', '9', '7', '8'].map((r) => r + s)),
  ...[...'CDHS'].flatMap((s) => ['A', '2', '3', '4', '5'].map((r) => r + s)),
  ...[...'CDHS'].flatMap((s) => ['T', 'J', 'Q', 'K'].map((r) => r + s)),
];
