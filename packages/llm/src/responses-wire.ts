// The OpenAI Responses API. The system prompt is `instructions`, structured output goes in
// text.format, and the answer is the output_text parts of the message items in `output`.

import { responsesUsage } from './usage.js';
import { asRecord, correctionText, type WireAdapter, type WireReply } from './wire-adapter.js';

export const responsesWire: WireAdapter = {
  path: '/responses',
  headers(apiKey): Record<string, string> {
    return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  },
  body(node, request, correction) {
    const input: Array<{ role: string; content: string }> = request.messages.map((m) => ({
      role: m.role,
      content: m.content,
    }));
    if (correction) {
      input.push({ role: 'assistant', content: correction.reply.text });
      input.push({ role: 'user', content: correctionText(correction.errors) });
    }
    const body: Record<string, unknown> = { model: node.model, input, store: false };
    if (request.system) body.instructions = request.system;
    if (node.temperature !== null) body.temperature = node.temperature;
    const maxTokens = request.maxTokens ?? node.maxTokens;
    if (maxTokens !== undefined) body.max_output_tokens = maxTokens;
    if (request.output) {
      body.text = {
        format: {
          type: 'json_schema',
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
    const root = asRecord(json, 'Responses reply');
    if (!Array.isArray(root.output)) throw new Error('Responses reply has no output array');
    let text = '';
    let refusal: string | undefined;
    for (const item of root.output) {
      const it = asRecord(item, 'output item');
      if (it.type !== 'message' || !Array.isArray(it.content)) continue;
      for (const part of it.content) {
        const p = asRecord(part, 'content part');
        if (p.type === 'output_text' && typeof p.text === 'string') text += p.text;
        if (p.type === 'refusal' && typeof p.refusal === 'string') refusal = p.refusal;
      }
    }
    return {
      text,
      refusal,
      usage: responsesUsage(root.usage),
      modelEchoed: typeof root.model === 'string' ? root.model : null,
    };
  },
};
