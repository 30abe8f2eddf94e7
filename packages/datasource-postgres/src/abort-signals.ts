// Several AbortSignals watched as one without AbortSignal.any, which allocates a signal per
// call and (on Node 20) keeps it alive as long as its longest-lived source, here the
// datasource's own close signal: one per query would pile up.

/** The first of `signals` that has aborted already, if any. */
export function firstAborted(signals: readonly AbortSignal[]): AbortSignal | undefined {
  return signals.find((signal) => signal.aborted);
}

/**
 * Call `listener` once, with the signal that fired, when the first of `signals` aborts.
 * Returns the function that stops listening; call it when the work is done.
 */
export function onFirstAbort(
  signals: readonly AbortSignal[],
  listener: (signal: AbortSignal) => void,
): () => void {
  let fired = false;
  const handlers = signals.map((signal) => {
    const handler = () => {
      if (fired) return;
      fired = true;
      stop();
      listener(signal);
    };
    signal.addEventListener('abort', handler, { once: true });
    return [signal, handler] as const;
  });
  function stop(): void {
    for (const [signal, handler] of handlers) signal.removeEventListener('abort', handler);
  }
  return stop;
}

/** What a signal's reason says, for messages. */
export function abortReason(signal: AbortSignal): string {
  const reason = signal.reason;
  return reason instanceof Error ? reason.message : reason === undefined ? '' : String(reason);
}
