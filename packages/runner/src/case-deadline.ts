/** Thrown when a case run passed its time limit; the case is recorded as an error. */
export class CaseTimeoutError extends Error {
  override readonly name = 'CaseTimeoutError';
  readonly code = 'TIMEOUT';
}

/**
 * Runs `work` with a signal that aborts when the parent does or when `ms` pass, and stops
 * waiting at the deadline even if the work ignores its signal (an engine that never
 * returns must not hang the run).
 */
export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', onAbort, { once: true });
  if (parent?.aborted) controller.abort(parent.reason);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CaseTimeoutError(`the case run took longer than ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener('abort', onAbort);
  }
}
