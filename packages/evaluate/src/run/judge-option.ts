import { JUDGE_NODE, LlmJudge } from '@nl2sql/judge';
import {
  configSecrets,
  LlmClient,
  LlmConfigError,
  PROVIDERS,
  type Redactor,
  resolveLlmOption,
  UnknownPriceError,
} from '@nl2sql/llm';
import { configError } from '../evaluate-error.js';

/** A judge built from a `--judge` / `--llm` value, with the client to close after. */
export interface BuiltJudge {
  readonly judge: LlmJudge;
  close(): Promise<void>;
}

/**
 * The LLM judge a `--judge CONFIG` value names (a preset, a file, a model, as `--llm` takes
 * them), on the `judge` node it declares. A config without a key its provider needs, or a
 * model without a price, is a configuration error before anything is called; its secrets are
 * masked in everything the command prints.
 */
export async function buildJudge(
  value: string,
  flag: string,
  env: Record<string, string | undefined>,
  cwd: string,
  redactor: Redactor,
): Promise<BuiltJudge> {
  let client: LlmClient;
  try {
    const config = await resolveLlmOption(value, { env, cwd, nodes: [JUDGE_NODE] });
    const node = config.nodes[JUDGE_NODE];
    const info = PROVIDERS[node.provider];
    const key =
      config.providers[node.provider]?.apiKey ?? (info.keyEnv ? env[info.keyEnv] : undefined);
    if (info.needsKey && !key) {
      throw configError(
        `${flag} ${value}: no API key for provider ${node.provider}; set ${info.keyEnv ?? 'api_key in the llm section'}`,
      );
    }
    redactor.add(...configSecrets(config, env));
    client = new LlmClient(config, { env });
  } catch (error) {
    if (error instanceof LlmConfigError) throw configError(`${flag}: ${error.message}`);
    throw error;
  }
  try {
    return { judge: new LlmJudge(client), close: () => client.close() };
  } catch (error) {
    await client.close();
    if (error instanceof UnknownPriceError || error instanceof LlmConfigError)
      throw configError(`${flag}: ${error.message}`);
    throw error;
  }
}
