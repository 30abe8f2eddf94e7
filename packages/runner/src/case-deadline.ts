/** Thrown when a case run passed its time limit; the case is recorded as an error. */
export class CaseTimeoutError extends Error {
  override readonly name = 'CaseTimeoutError';
  readonly code = 'TIMEOUT';
}

/**
 * Runs `work` with a signal that aborts when the parent does or when `ms` pass, and stops
 * waiting at the deadline or at the parent's abort even if the work ignores its signal (an
 * engine that never returns must hang neither the run nor a Ctrl-C).
 */
export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = (): void => {};
  const deadline = new Promise<never>((_, reject) => {
    onAbort = () => {
      controller.abort(parent?.reason);
      reject(parent?.reason ?? new Error('aborted'));
    };
    timer = setTimeout(() => {
      const error = new CaseTimeoutError(`the ask took longer than ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  parent?.addEventListener('abort', onAbort, { once: true });
  if (parent?.aborted) onAbort();
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    parent?.removeEventListener('abort', onAbort);
  }
}
