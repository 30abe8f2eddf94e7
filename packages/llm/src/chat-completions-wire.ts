// OpenAI Chat Completions, the wire OpenAI, OpenRouter, Ollama and vLLM all serve.
// Structured output goes in response_format as json_schema; the answer is the message text.

import { chatUsage } from './usage.js';
import { asRecord, correctionText, type WireAdapter, type WireReply } from './wire-adapter.js';

export const chatCompletionsWire: WireAdapter = {
  path: '/chat/completions',
  headers(apiKey): Record<string, string> {
    return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  },
  body(node, request, correction) {
    const messages: Array<{ role: string; content: string }> = [];
    if (request.system) messages.push({ role: 'system', content: request.system });
    for (const m of request.messages) messages.push({ role: m.role, content: m.content });
    if (correction) {
      messages.push({ role: 'assistant', content: correction.reply.text });
      messages.push({ role: 'user', content: correctionText(correction.errors) });
    }
    const body: Record<string, unknown> = { model: node.model, messages };
    if (node.temperature !== null) body.temperature = node.temperature;
    const maxTokens = request.maxTokens ?? node.maxTokens;
    // OpenAI renamed the field for reasoning models; the compatible servers (OpenRouter,
    // Ollama, vLLM) all read the older max_tokens.
    if (maxTokens !== undefined) {
      body[node.provider === 'openai' ? 'max_completion_tokens' : 'max_tokens'] = maxTokens;
    }
    if (request.output) {
      body.response_format = {
        type: 'json_schema',
        json_schema: {
          name: request.output.name,
          ...(request.output.description ? { description: request.output.description } : {}),
          schema: request.output.schema,
          strict: request.output.strict ?? true,
        },
      };
    }
    return body;
  },
  parse(json): WireReply {
    const root = asRecord(json, 'Chat Completions reply');
    const choices = root.choices;
    if (!Array.isArray(choices) || choices.length === 0) {
      throw new Error('Chat Completions reply has no choices');
    }
    const message = asRecord(asRecord(choices[0], 'choices[0]').message, 'choices[0].message');
    const text = typeof message.content === 'string' ? message.content : '';
    const refusal = typeof message.refusal === 'string' ? message.refusal : undefined;
    return {
      text,
      refusal,
      usage: chatUsage(root.usage),
      modelEchoed: typeof root.model === 'string' ? root.model : null,
    };
  },
};
