// Placeholder until the decade baselines land.
import type { AgentSpec } from '../index.js';
export const DECADE_AGENTS: AgentSpec[] = [];
