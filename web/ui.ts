/**
 * The page's elements (index.html's), the message line, and a key's badge: what every part of the
 * page draws into.
 */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
export const ui = {
  env: $<HTMLSelectElement>('env'),
  seed: $<HTMLInputElement>('seed'),
  deal: $<HTMLButtonElement>('deal'),
  newDeal: $<HTMLButtonElement>('new-deal'),
  winnable: $<HTMLInputElement>('winnable'),
  /** Why Winnable deals only is off for this game, beside the box. */
  winnableWhy: $<HTMLSpanElement>('winnable-why'),
  levelChoice: $<HTMLLabelElement>('level-choice'),
  level: $<HTMLSelectElement>('level'),
  daily: $<HTMLButtonElement>('daily'),
  /** The deal's line: the daily deal's day, the deal's difficulty. */
  dealInfo: $<HTMLParagraphElement>('deal-info'),
  restart: $<HTMLButtonElement>('restart'),
  share: $<HTMLAnchorElement>('share'),
  copy: $<HTMLButtonElement>('copy'),
  options: $<HTMLFormElement>('options'),
  optionsError: $<HTMLParagraphElement>('options-error'),
  message: $<HTMLParagraphElement>('message'),
  prompt: $<HTMLParagraphElement>('prompt'),
  board: $<HTMLDivElement>('board'),
  outcome: $<HTMLDivElement>('outcome'),
  /** A won game's banner, over the board; the status region says the win (once), not the banner. */
  celebration: $<HTMLDivElement>('celebration'),
  /**
   * For a screen reader: each move played with the cards it turned up, and the outcome; a status region there all game,
   * so that its change is read out.
   */
  announce: $<HTMLParagraphElement>('announce'),
  hintsToggle: $<HTMLInputElement>('hints-toggle'),
  undo: $<HTMLButtonElement>('undo'),
  hints: $<HTMLElement>('hints'),
  hintSource: $<HTMLParagraphElement>('hint-source'),
  hintList: $<HTMLOListElement>('hint-list'),
  moves: $<HTMLOListElement>('moves'),
  movesPanel: $<HTMLElement>('moves-panel'),
  rules: $<HTMLDivElement>('rules'),
};
export function say(text: string, kind: 'info' | 'error' = 'info'): void {
  ui.message.textContent = text;
  ui.message.className = `message ${kind}`;
}
export function kbd(n: number): HTMLElement {
  const k = document.createElement('kbd');
  k.textContent = String(n);
  return k;
}
