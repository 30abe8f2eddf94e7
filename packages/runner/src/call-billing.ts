import { AsyncLocalStorage } from 'node:async_hooks';
import type { AskUsage } from '@nl2sql/engine';
import { caseCost } from './case-cost.js';
import type { CostCap } from './cost-cap.js';
import type { EvalConfig } from './eval-config.js';
import type { RunEventListener } from './run-event.js';
import type { RunEvalOptions } from './run-options.js';
import type { CaseTask } from './task-list.js';

/**
 * Bills every LLM call of the configs that report theirs as it completes: priced by the
 * config, spent against the cap and emitted as call.billed (the journal writes it). Which
 * case run a call was for is known from the async context the task runs in.
 */
export function billCalls(
  configs: readonly EvalConfig[],
  emit: RunEventListener,
  cap: CostCap,
  prices: RunEvalOptions['prices'],
): { during<T>(task: CaseTask, work: () => Promise<T>): Promise<T>; stop(): void } {
  // An async context costs every promise of the run a hook (Node 20's AsyncLocalStorage), so a
  // run whose configs bill no calls (a predictions file, an HTTP engine) does without one.
  if (!configs.some((config) => config.calls)) return { during: (_, work) => work(), stop() {} };
  const current = new AsyncLocalStorage<CaseTask>();
  const unsubscribe = configs.flatMap((config) =>
    config.calls
      ? [
          config.calls.subscribe((usage: AskUsage) => {
            const costUsd = caseCost([usage], config.name, config.llm, prices);
            cap.spend(costUsd);
            const task = current.getStore();
            const mine = task?.config === config ? task : undefined;
            emit({
              type: 'call.billed',
              config: config.name,
              caseId: mine?.case.id ?? null,
              role: mine?.role ?? null,
              pass: mine?.pass ?? null,
              usage,
              costUsd,
              dollars: cap.spent,
            });
          }),
        ]
      : [],
  );
  return {
    during: (task, work) => current.run(task, work),
    stop: () => {
      for (const off of unsubscribe) off();
    },
  };
}
