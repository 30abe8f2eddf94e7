// A question the curated bank holds is answered with its verified SQL: no decomposer,
// retriever or planner (recorded as skipped), but the same safety check, role and
// execution as a plan's SQL, so a curated answer can never read what the role may not.

import { type AskResponse, EngineError } from '@nl2sql/engine';
import type { AskContext } from './ask-context.js';
import type { CuratedAnswer } from './curated-answers.js';

export async function curatedStage(ask: AskContext, hit: CuratedAnswer): Promise<AskResponse> {
  ask.rec.curated = true;
  for (const node of ['decomposer', 'retriever', 'planner']) ask.rec.skip(node);
  const sql = ask.today(hit.sql);
  const safety = await ask.check(sql);
  if (safety.kind === 'refused')
    throw new EngineError('SECURITY_VIOLATION', ask.settings.refusalMessage, { node: 'safety' });
  if (safety.kind === 'unsafe') {
    throw new EngineError('UNSAFE_SQL', `curated SQL failed the safety check: ${safety.message}`, {
      node: 'safety',
    });
  }
  return ask.finish(sql, await ask.execute(sql));
}
