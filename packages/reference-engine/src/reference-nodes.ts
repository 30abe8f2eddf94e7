// The reference engine's LLM nodes: what it calls a model for. @nl2sql/llm knows no node
// names; an llm section for this engine gives a model to each of these (and, when the
// retriever embeds, to the node its embedder names).

export const REFERENCE_NODES = [
  'resolver',
  'decomposer',
  'planner',
  'refiner',
  'synthesizer',
] as const;

export type ReferenceNode = (typeof REFERENCE_NODES)[number];

/** The node name `referenceEmbedder` uses by default for the retriever's embeddings. */
export const EMBEDDER_NODE = 'embedder';
