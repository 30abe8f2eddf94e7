// The engine's LLM nodes. Five run on every question (resolver, decomposer, planner,
// refiner, synthesizer); the sixth, judge, is the tier-3 LLM equivalence judge of spec 004
// and 001 section 6, which scores a disagreement between generated and gold results. A
// config names a model for each, so one `modelConfig(MODEL)` covers a whole run.

export const LLM_NODES = [
  'resolver',
  'decomposer',
  'planner',
  'refiner',
  'synthesizer',
  'judge',
] as const;

export type LlmNode = (typeof LLM_NODES)[number];

export function isLlmNode(name: string): name is LlmNode {
  return (LLM_NODES as readonly string[]).includes(name);
}
