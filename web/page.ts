/**
 * What the parts of the page share: the one store of the page's state, the page's actions (set by
 * main.ts, called by the input handlers and the renderers), whether the page is busy, and what it
 * exposes on `window.tengym` for a developer's console and the browser tests.
 */
import type { HintResult, Session } from '../src/index.js';
import type { BrowserBackend } from '../src/models.js';
import { game, type DealAsked, type Env } from './game.js';
import { params, readDealSettings } from './persist.js';
import { createStore, initialState, type PageState } from './store.js';

/** The page's state: read it through `store.state`, change it through `store.dispatch`. */
export const store = createStore(initialState(readDealSettings(), params.get('hints') === '1'));
export const state = (): PageState => store.state;

/** What the player can do, as main.ts carries it out. */
export interface PageActions {
  play(action: number): void;
  startGame(
    id: string,
    opts: Record<string, unknown>,
    seed: number,
    link?: { moves?: string; undos?: number },
    asked?: DealAsked,
  ): void;
  /** Draws the page from the store and the game, and asks for hints. */
  update(): void;
  undo(): void;
  newDeal(): void;
  dailyDeal(): void;
  setHints(on: boolean): void;
}

export const actions = {} as PageActions;

/** Bumped on every new game and move, so stale timers and hint loads do nothing. */
export const drawn = { generation: 0 };

/** What the page exposes on `window.tengym`, for a developer's console and the browser tests. */
interface PageApi {
  env: Env | null;
  /** The player's session of the game shown (its steps, undos, save). */
  session: Session | null;
  seed: number;
  /** ms from navigation to the first board a move can be made on. */
  readyMs: number | null;
  /** ms from navigation to the first hints shown (when hints are on from the start). */
  firstHintMs: number | null;
  /** The hints on screen, or null. */
  hints: HintResult | null;
  source: string | null;
  /** The TensorFlow.js backend, once a model is loaded. */
  backend: BrowserBackend | null;
  /** Duration of every `hint()` call, in ms. */
  hintMs: number[];
  /** Whether forced moves shown, a hint or a deal asked for (New deal, Daily deal) are pending (settled when false). */
  busy: boolean;
  /** Plays a legal action id, as a tap or a key would. */
  play(action: number): void;
  /** Deals `seed` of the current env and options. */
  deal(seed: number): void;
  /** Resolves when no forced move or hint is pending. */
  settled(): Promise<void>;
}

let settledWaiters: (() => void)[] = [];

export const api: PageApi = {
  env: null,
  session: null,
  seed: 0,
  readyMs: null,
  firstHintMs: null,
  hints: null,
  source: null,
  backend: null,
  hintMs: [],
  busy: true,
  play: (action) => actions.play(action),
  deal: (dealSeed) => actions.startGame(game.env.id, state().options, dealSeed),
  settled: () => (api.busy ? new Promise<void>((resolve) => settledWaiters.push(resolve)) : Promise.resolve()),
};
(window as unknown as { tengym: PageApi }).tengym = api;

/** Marks the page busy while `moving` (a forced move or hints pending) or a deal is being found. */
export function setBusy(moving: boolean): void {
  const busy = moving || state().finding !== null;
  api.busy = busy;
  document.body.dataset.busy = busy ? '1' : '0';
  if (!busy) {
    const waiting = settledWaiters;
    settledWaiters = [];
    for (const resolve of waiting) resolve();
  }
}
