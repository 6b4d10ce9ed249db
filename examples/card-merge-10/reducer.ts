// A Card Merge 10 (Tens) app's game layer on tengym's player session: new deal, daily, winnable, tap selection,
// hint, undo, statistics, save and restore. The app keeps `Game` in its store and renders from it. It imports the
// light runtime, tengym/engine, and registers the one game it plays (docs/apps.md).
import { type SessionSave, type SessionStats, type StepEvents, Session } from 'tengym/engine';
import 'tengym/games/pairing';

export type Variant = 'strict' | 'buffered';
export interface Game {
  readonly session: Session;
  /** What the last action did, in order (the player's move, then any forced deals), for the animation. */
  readonly events: readonly StepEvents[];
  /** The tapped slots, and the slots that would complete a move with them (lit). */
  readonly selected: readonly number[];
  readonly lit: readonly number[];
  /** The hinted slots ([] for a deal into empty slots), or null. */
  readonly hint: readonly number[] | null;
}
export type NewDeal = { seed?: number; size?: 13 | 15; variant?: Variant; daily?: string; winnable?: boolean };
export type Action =
  | ({ type: 'new' } & NewDeal)
  | { type: 'tap'; slot: number }
  | { type: 'deal' }
  | { type: 'hint' }
  | { type: 'undo' }
  | { type: 'restore'; save: SessionSave };

const slots = (cards: readonly { index: number }[]) => cards.map((c) => c.index);
const none = { selected: [], lit: [], hint: null };
const game = (session: Session, events: Game['events'] = []): Game => ({ session, events, ...none });

/** The next game state; the session inside is the same object, changed in place (a store compares the wrapper). */
export function reduce(state: Game | null, action: Action): Game {
  if (action.type === 'restore') return game(Session.load(action.save));
  if (action.type === 'new' || state === null) {
    const a: NewDeal = action.type === 'new' ? action : {};
    const options = { tableau: a.size ?? 13, refill: a.variant ?? 'strict', undoLimit: 3 };
    const same = JSON.stringify(state?.session.settings.options) === JSON.stringify(options);
    const session = state && same ? state.session : new Session('tens', { options, stats: state?.session.stats });
    return game(session, session.newDeal({ seed: a.seed, daily: a.daily, winnable: a.winnable }).events);
  }
  const s = state.session;
  if (!s.running && action.type !== 'undo') return state;
  if (action.type === 'hint') return { ...state, hint: slots(s.hint(1)?.hints[0].cards ?? []) };
  if (action.type === 'undo') return s.canUndo ? game(s, s.undo().events) : state;
  const draw = s.drawMove();
  if (action.type === 'deal') return draw === null ? state : game(s, s.play(draw).events);
  const tap = s.tap({ place: 'slot', index: action.slot });
  if (tap.turn !== null) return game(s, tap.turn.events);
  return { ...state, selected: slots(tap.selection), lit: slots(tap.partners), hint: null };
}

/** null while the game runs; then won or not, the cards left and the sentence to show. */
export const outcome = (g: Game) => (g.session.running ? null : { ...g.session.outcome(), text: g.session.endText() });
export const stats = (g: Game): SessionStats => g.session.stats;
export const save = (g: Game): SessionSave => g.session.save();
