// What `--llm` takes on the command line (spec 000, "Mode full"): a preset, a file, or a
// model, optionally named as NAME=... so two configs can be compared side by side.

import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type LlmConfig, LlmConfigError, modelConfig } from './llm-config.js';
import { type LoadLlmOptions, loadLlmFile, loadPreset, PRESETS } from './llm-file.js';

export interface LlmOptionContext extends Pick<LoadLlmOptions, 'env'> {
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
 * so a typo reports the missing file); a model (`gpt-5.4`, `ollama/llama3`) on all six nodes.
 * `NAME=` before it renames the config.
 */
export async function resolveLlmOption(
  value: string,
  context: LlmOptionContext = {},
): Promise<LlmConfig> {
  const eq = value.indexOf('=');
  const name = eq > 0 ? value.slice(0, eq) : undefined;
  const spec = eq > 0 ? value.slice(eq + 1) : value;
  if (spec === '') throw new LlmConfigError(`--llm ${value}: nothing after "="`);
  const rename = (config: LlmConfig): LlmConfig => (name ? { ...config, name } : config);

  if ((PRESETS as readonly string[]).includes(spec)) {
    return rename(await loadPreset(spec, { env: context.env }));
  }
  const bySuffix = PRESETS.filter((p) => p.endsWith(`-${spec}`));
  if (bySuffix.length === 1) return rename(await loadPreset(bySuffix[0]!, { env: context.env }));

  const path = resolve(context.cwd ?? process.cwd(), spec);
  if (/\.ya?ml$/i.test(spec) || (await isFile(path))) {
    return rename(await loadLlmFile(path, { env: context.env }));
  }
  try {
    return rename(modelConfig(spec));
  } catch (error) {
    throw new LlmConfigError(
      `--llm ${value}: not a preset (${PRESETS.join(', ')}), a file, or a known model: ` +
        (error as Error).message,
    );
  }
}
