import type { UsageRecord } from '@nl2sql/llm';
import { diagnoseInput, evaluateCase, overLimit } from './case-diagnostics.js';
import type { CaseResult } from './case-result.js';
import type { CostCap } from './cost-cap.js';
import type { DiagnosticsAhead } from './diagnostics-ahead.js';
import type { EvaluationSettings } from './evaluation-settings.js';
import type { CaseDiagnostics, JudgeLike } from './plugins.js';
import type { RunEventListener } from './run-event.js';
import type { CaseTask, TaskList } from './task-list.js';

export interface EvaluationPassOptions {
  readonly settings: EvaluationSettings;
  /** The run's cap: each judge call is spent against it, and none starts that could pass it. */
  readonly cap: CostCap;
  /** The run's events: a judge call of a config billed call by call is emitted as call.billed. */
  readonly emit: RunEventListener;
  /** Case runs evaluated at once (the run's concurrency). */
  readonly concurrency: number;
  readonly signal?: AbortSignal;
  /** sqlcheck's diagnostics computed while the asks ran: taken where ready. */
  readonly ahead?: DiagnosticsAhead;
}

/**
 * A judge that refuses to start a call the run's cap could not pay for: the most expensive
 * judge call so far must still fit. Calls are made one at a time, each spent against the cap
 * before the next may start, so concurrent case runs cannot overshoot it together. The cascade
 * then keeps its tier-2 verdict, marked with the reason, as for any judge failure.
 */
function cappedJudge(judge: JudgeLike, cap: CostCap): JudgeLike {
  let dearest = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const call = async (input: never, options?: { signal?: AbortSignal }) => {
    if (cap.maxUsd !== null && cap.spent + dearest > cap.maxUsd) {
      throw new Error(`the run's cost cap ($${cap.maxUsd}) leaves no room for another judge call`);
    }
    const verdict = await judge.judge(input, options);
    dearest = Math.max(dearest, verdict.costUsd);
    cap.spend(verdict.costUsd);
    return verdict;
  };
  return {
    identity: judge.identity,
    cost: (usage: readonly UsageRecord[]) => judge.cost(usage),
    judge(input: never, options?: { signal?: AbortSignal }): Promise<{ costUsd: number }> {
      const turn = queue.then(() => call(input, options));
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

/**
 * Evaluates every finished, asked case run beyond EX (case-diagnostics.ts) after the asks are
 * done, taking sqlcheck's diagnostics where they were computed while the asks ran
 * (diagnostics-ahead.ts, in short slices); the rest of the parser's work, the test suite and
 * the judge run here, where they cannot hold back an in-process engine's own statements.
 * Case runs are evaluated in task order, `concurrency` at a time (only the judge waits on
 * I/O). The judge's dollars are added to the case run's cost and spent against the cap; for a
 * config that bills its calls one by one they are also emitted as call.billed (the journal
 * keeps them). A cancel stops it between case runs (each one after a turn of the event loop,
 * so the signal that cancels is seen); the case runs not reached keep no diagnostics.
 */
export async function evaluationPass(
  results: ReadonlyMap<string, CaseResult>,
  list: TaskList,
  options: EvaluationPassOptions,
): Promise<Map<string, CaseResult>> {
  const out = new Map(results);
  const judge = options.settings.judge;
  const settings = judge
    ? { ...options.settings, judge: cappedJudge(judge, options.cap) }
    : options.settings;
  const tasks = list.tasks.filter((t) => results.get(t.key)?.diagnostics === null);
  const diagnose = serialDiagnoses(options.settings, options.signal);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length && options.signal?.aborted !== true) {
      // A turn of the event loop between case runs: the work is the CPU's and its awaits
      // settle at once, so without it a SIGINT or SIGTERM (delivered by the event loop) waited
      // for the whole pass, 25 s at 30 case runs of 30 KB SQL (issue 25).
      await new Promise<void>((resolve) => setImmediate(resolve));
      // Another lane may have taken the last case run meanwhile.
      if (isAborted(options.signal) || next >= tasks.length) break;
      const task = tasks[next++] as CaseTask;
      const result = results.get(task.key) as CaseResult;
      let ready: CaseDiagnostics | undefined;
      try {
        ready = options.ahead?.take(task.key) ?? (await diagnose(task, result));
      } catch (error) {
        // Stopped between two of its diagnostics: the case run keeps none, as those not reached.
        if (isAborted(options.signal)) break;
        throw error;
      }
      const evaluation = await evaluateCase(task, result, settings, options.signal, ready);
      const judgeUsd = evaluation.judgeCostUsd;
      // A verdict the judge gave was spent as it came back; a call that failed after costing
      // something (a retry) is spent here.
      const finding = evaluation.diagnostics.verdict?.judge;
      if (finding !== undefined && 'error' in finding) options.cap.spend(judgeUsd);
      if (evaluation.judgeUsage.length > 0) bill(task, evaluation.judgeUsage, options);
      out.set(task.key, {
        ...result,
        costUsd: (result.costUsd ?? 0) + judgeUsd,
        diagnostics: evaluation.diagnostics,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, lane));
  return out;
}

/** Read through a call: TypeScript would otherwise keep its narrowing across the await. */
const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

/**
 * sqlcheck's diagnostics of the case runs the asks left undone, one case run at a time
 * although the lanes run side by side: the work is the CPU's only (only the judge waits on
 * I/O), and interleaved at each await, every lane's parsed trees stayed alive across the
 * others' work, outlived the young generation's collections and grew the heap by about
 * 100 MB at 10,000 case runs.
 */
function serialDiagnoses(
  settings: EvaluationSettings,
  signal: AbortSignal | undefined,
): (task: CaseTask, result: CaseResult) => Promise<CaseDiagnostics | undefined> {
  let turn: Promise<unknown> = Promise.resolve();
  return (task, result) => {
    const input = diagnoseInput(task, result, settings);
    // a text over the size limit is never parsed: evaluateCase records why
    if (input === null || overLimit(input, settings) !== undefined) {
      return Promise.resolve(undefined);
    }
    const mine = turn.then(() => settings.sql.diagnoseCase(input, signal ? { signal } : {}));
    turn = mine.catch(() => undefined);
    return mine;
  };
}

/**
 * The judge's calls of a config billed call by call, emitted as call.billed (the journal keeps
 * them). Their dollars were spent against the cap as each verdict came back (cappedJudge); a
 * call that failed after a retry is billed here, with what it cost.
 */
function bill(task: CaseTask, usage: readonly UsageRecord[], options: EvaluationPassOptions): void {
  const judge = options.settings.judge as JudgeLike;
  for (const call of usage) {
    const costUsd = judge.cost([call]);
    if (task.config.calls === undefined) continue;
    options.emit({
      type: 'call.billed',
      config: task.config.name,
      caseId: task.case.id,
      role: task.role,
      pass: task.pass,
      usage: call,
      costUsd,
      dollars: options.cap.spent,
    });
  }
}
