// The range checks of the limits every adapter takes (as options and per execute()): a bad
// value is a RangeError naming the datasource (`where`) and the option, thrown before any query.

/** A statement timeout in milliseconds: any positive number (Infinity: no timeout). */
export function checkTimeoutMs(value: number, where: string): number {
  if (!(value > 0))
    throw new RangeError(`${where}: timeoutMs must be a positive number, got ${value}`);
  return value;
}

/** A row cap: a non-negative integer, or Infinity for none. */
export function checkMaxRows(value: number, where: string): number {
  if (!(value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && value >= 0))) {
    throw new RangeError(
      `${where}: maxRows must be a non-negative integer or Infinity, got ${value}`,
    );
  }
  return value;
}

/** A finite positive number, for limits a driver or a server setting must be given as one. */
export function checkFinitePositive(value: number, name: string, where: string): number {
  if (!(Number.isFinite(value) && value > 0))
    throw new RangeError(`${where}: ${name} must be a positive number, got ${value}`);
  return value;
}

/** A byte cap the adapter counts itself: a positive integer, or Infinity for none. */
export function checkByteCap(value: number, name: string, where: string): number {
  if (!(value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && value >= 1))) {
    throw new RangeError(`${where}: ${name} must be a positive integer or Infinity, got ${value}`);
  }
  return value;
}
