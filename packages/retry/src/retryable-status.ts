// Which HTTP statuses say "the same request may work later".

/** 408, 409 (OpenAI's "conflict, try again"), 429 and every 5xx are worth another attempt. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
