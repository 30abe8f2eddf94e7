// Anthropic Messages. Structured output is a forced tool call: the schema is the tool's
// input_schema and tool_choice names it, so the answer arrives as the tool_use block's input.
// A correction answers that tool call with an is_error tool_result, as the API requires.

import { anthropicUsage } from './usage.js';
import {
  asRecord,
  correctionText,
  DEFAULT_MAX_TOKENS,
  type WireAdapter,
  type WireReply,
} from './wire-adapter.js';

export const ANTHROPIC_VERSION = '2023-06-01';

export const anthropicMessagesWire: WireAdapter = {
  path: '/v1/messages',
  headers(apiKey) {
    return {
      'anthropic-version': ANTHROPIC_VERSION,
      ...(apiKey ? { 'x-api-key': apiKey } : {}),
    };
  },
  body(node, request, correction) {
    const messages: Array<{ role: string; content: unknown }> = request.messages.map((m) => ({
      role: m.role,
      content: m.content,
    }));
    if (correction) {
      const id = correction.reply.toolUseId;
      if (id) {
        messages.push({
          role: 'assistant',
          content: [
            { type: 'tool_use', id, name: request.output?.name, input: correction.reply.value },
          ],
        });
        messages.push({
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: id,
              is_error: true,
              content: correctionText(correction.errors),
            },
          ],
        });
      } else {
        messages.push({ role: 'assistant', content: correction.reply.text || '(no answer)' });
        messages.push({ role: 'user', content: correctionText(correction.errors) });
      }
    }
    const body: Record<string, unknown> = {
      model: node.model,
      max_tokens: request.maxTokens ?? node.maxTokens ?? DEFAULT_MAX_TOKENS,
      messages,
    };
    if (request.system) body.system = request.system;
    if (node.temperature !== null) body.temperature = node.temperature;
    if (request.output) {
      body.tools = [
        {
          name: request.output.name,
          description: request.output.description ?? `Return the answer as ${request.output.name}.`,
          input_schema: request.output.schema,
        },
      ];
      body.tool_choice = { type: 'tool', name: request.output.name };
    }
    return body;
  },
  parse(json): WireReply {
    const root = asRecord(json, 'Messages reply');
    if (!Array.isArray(root.content)) throw new Error('Messages reply has no content array');
    let text = '';
    let value: unknown;
    let toolUseId: string | undefined;
    for (const block of root.content) {
      const b = asRecord(block, 'content block');
      if (b.type === 'text' && typeof b.text === 'string') text += b.text;
      if (b.type === 'tool_use' && toolUseId === undefined) {
        toolUseId = typeof b.id === 'string' ? b.id : 'toolu_unknown';
        value = b.input;
      }
    }
    const reply: WireReply = {
      text: toolUseId !== undefined ? JSON.stringify(value) : text,
      usage: anthropicUsage(root.usage),
      modelEchoed: typeof root.model === 'string' ? root.model : null,
    };
    if (toolUseId !== undefined) {
      reply.value = value;
      reply.toolUseId = toolUseId;
    }
    if (root.stop_reason === 'refusal') reply.refusal = text || 'refused';
    return reply;
  },
};
