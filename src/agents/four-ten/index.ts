// Placeholder until the Four Ten baselines land.
import type { AgentSpec } from '../index.js';
export const FOUR_TEN_AGENTS: AgentSpec[] = [];
