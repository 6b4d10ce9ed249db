/**
 * Thirteens' agents: none beyond `random` and `first`, which every game has. The game has no real
 * decisions (engine.ts: every legal order of moves reaches the same end), so every policy that
 * moves wins exactly the deals the deal itself wins: a search, fair or not, would choose among moves
 * that are all as good, and `first` is already the full-information optimum.
 */
import type { AgentSpec } from '../../../agents/agent.js';
import type { GameKit } from '../../../agents/kit.js';

/** No catalogue entries beyond `random` and `first` (see above). */
export const THIRTEENS_AGENTS: AgentSpec[] = [];

/** What tengym knows of Thirteens beyond its rules: no search to run (hints say every move leads to the same end). */
export const THIRTEENS_KIT: GameKit = { agents: THIRTEENS_AGENTS };
