// What `--llm` takes on the command line (spec 000, "Mode full"): a preset, a file, or a
// model, optionally named as NAME=... so two configs can be compared side by side.

import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { declaredNodes, type LlmConfig, LlmConfigError, modelConfig } from './llm-config.js';
import { type LoadLlmOptions, loadLlmFile, loadPreset, PRESETS } from './llm-file.js';

export interface LlmOptionContext<N extends string = string>
  extends Pick<LoadLlmOptions<N>, 'env' | 'nodes'> {
  /** Relative file paths resolve against this folder (default process.cwd()). */
  cwd?: string;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Resolve one `--llm` value. In order: a preset name; a preset named by its unique suffix
 * (`mini-helpers` for `gpt-5.4-mini-helpers`); an existing file (or any *.yaml / *.yml path,
 * so a typo reports the missing file); a model (`gpt-5.4`, `ollama/llama3`) on every node
 * `context.nodes` declares. `NAME=` before it renames the config.
 */
export async function resolveLlmOption<N extends string>(
  value: string,
  context: LlmOptionContext<N>,
): Promise<LlmConfig<N>> {
  declaredNodes(context.nodes);
  const eq = value.indexOf('=');
  const name = eq > 0 ? value.slice(0, eq) : undefined;
  const spec = eq > 0 ? value.slice(eq + 1) : value;
  if (spec === '') throw new LlmConfigError(`--llm ${value}: nothing after "="`);
  const rename = (config: LlmConfig<N>): LlmConfig<N> => (name ? { ...config, name } : config);

  const load = { nodes: context.nodes, ...(context.env ? { env: context.env } : {}) };
  if ((PRESETS as readonly string[]).includes(spec)) {
    return rename(await loadPreset(spec, load));
  }
  const bySuffix = PRESETS.filter((p) => p.endsWith(`-${spec}`));
  if (bySuffix.length === 1) return rename(await loadPreset(bySuffix[0]!, load));

  const path = resolve(context.cwd ?? process.cwd(), spec);
  if (/\.ya?ml$/i.test(spec) || (await isFile(path))) {
    return rename(await loadLlmFile(path, load));
  }
  try {
    return rename(modelConfig(spec, context.nodes));
  } catch (error) {
    throw new LlmConfigError(
      `--llm ${value}: not a preset (${PRESETS.join(', ')}), a file, or a known model: ` +
        (error as Error).message,
    );
  }
}
