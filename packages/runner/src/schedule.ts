// The runner's one bounded-concurrency primitive: tasks start in order, at most
// `concurrency` at once, and each only when the admission policy lets it (the cost cap is
// one). It is a dispatcher over a known list rather than a semaphore callers queue on,
// because a policy may refuse for good: then nothing more starts and the run ends.

/** Decides whether one more task may start; the cost cap is the runner's. */
export interface Admission {
  /** May one more task start now, with `inFlight` tasks still running? */
  allows(inFlight: number): boolean;
  /** A task was admitted (called before it starts). */
  start?(): void;
}

export interface ScheduleOptions {
  /** Tasks in flight at once, at most. A positive integer. */
  readonly concurrency: number;
  /** Asked before each start; without one every task is admitted as a slot frees. */
  readonly admission?: Admission;
  /** Stops admitting and aborts the signal every task in flight was given. */
  readonly signal?: AbortSignal;
}

/**
 * Why tasks were left unstarted: `refused` when the admission policy said no with nothing
 * in flight (no finish could change its mind), `cancelled` when the signal aborted first,
 * null when every task was admitted.
 */
export type ScheduleStop = 'refused' | 'cancelled' | null;

export interface ScheduleResult {
  readonly stopped: ScheduleStop;
  /** Tasks started, a prefix of the list; every one of them has settled. */
  readonly admitted: number;
}

/**
 * Runs `run` over `tasks` in order. Waits while the bound is reached or the policy says
 * not yet, and stops admitting when the policy refuses with nothing in flight or the signal
 * aborts. A task that throws stops admission and aborts the others' signal; once every
 * admitted task has settled, the first error is thrown. Resolves only when nothing it
 * started is still running.
 */
export async function schedule<T>(
  tasks: Iterable<T>,
  run: (task: T, signal: AbortSignal) => Promise<void>,
  options: ScheduleOptions,
): Promise<ScheduleResult> {
  const { concurrency, admission } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }
  const controller = new AbortController();
  const parent = options.signal;
  const onAbort = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', onAbort, { once: true });
  if (parent?.aborted) controller.abort(parent.reason);
  const aborted = new Promise<void>((resolve) => {
    if (controller.signal.aborted) resolve();
    controller.signal.addEventListener('abort', () => resolve(), { once: true });
  });

  // One abort listener on the run's signal, fanned out to a controller per task: a listener
  // per task on the shared signal would pass Node's limit of 10 at concurrency 10 and
  // print a MaxListenersExceededWarning (a leak warning for what is not a leak).
  const running = new Set<AbortController>();
  controller.signal.addEventListener(
    'abort',
    () => {
      for (const each of running) each.abort(controller.signal.reason);
    },
    { once: true },
  );

  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  let stopped: ScheduleStop = null;
  let admitted = 0;
  const mayStart = () =>
    inFlight.size < concurrency && (admission ? admission.allows(inFlight.size) : true);
  try {
    for (const task of tasks) {
      while (failure === null && !controller.signal.aborted && !mayStart()) {
        if (inFlight.size === 0) {
          stopped = 'refused';
          break;
        }
        await Promise.race([...inFlight, aborted]);
      }
      if (failure !== null || stopped !== null) break;
      if (controller.signal.aborted) {
        stopped = 'cancelled';
        break;
      }
      admission?.start?.();
      admitted++;
      const own = new AbortController();
      running.add(own);
      const settled: Promise<void> = (async () => run(task, own.signal))()
        .catch((error: unknown) => {
          if (failure === null) {
            failure = { error };
            controller.abort(error);
          }
        })
        .finally(() => {
          running.delete(own);
          inFlight.delete(settled);
        });
      inFlight.add(settled);
    }
    await Promise.all(inFlight);
  } finally {
    parent?.removeEventListener('abort', onAbort);
  }
  if (failure !== null) throw (failure as { error: unknown }).error;
  return { stopped, admitted };
}
