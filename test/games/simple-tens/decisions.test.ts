import type { CardOutcome } from '../../../src/env/game.js';
import { simpleTensGame } from '../../../src/games/simple-tens/engine.js';
import { describeNoDecisions } from '../helpers.js';

const DECK = 36;

/** An independent model of the rules on rank counts alone: nine slots, pairs of ranks r and 8 − r. */
function referenceOutcome(deck: readonly number[]): CardOutcome {
  const held = new Array<number>(9).fill(0);
  let dealt = 0;
  let onGrid = 0;
  let removed = 0;
  const deal = (): void => {
    for (; onGrid < 9 && dealt < DECK; onGrid++) held[deck[dealt++] >> 2]++;
  };
  deal();
  for (;;) {
    let gone = false;
    for (let r = 0; r <= 4 && !gone; r++) {
      const need = r === 4 ? 2 : 1;
      if (held[r] >= need && held[8 - r] >= need) {
        held[r]--;
        held[8 - r]--;
        gone = true;
      }
    }
    if (!gone) break;
    removed += 2;
    onGrid -= 2;
    deal();
  }
  return { won: removed === DECK, cardsLeft: DECK - removed };
}

describeNoDecisions('simple-tens', simpleTensGame, referenceOutcome, () => 0);
