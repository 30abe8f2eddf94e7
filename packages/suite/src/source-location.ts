// Where a loaded case (or plan note) sits in its file. The loader keeps this beside the data,
// not in it: a case stays exactly the file's fields, so the writer, the digest and the pins
// never see it, and a runner that filters a suite's cases keeps each case's place because
// the place belongs to the case object. Cases built in code have no place.

export interface SourceLocation {
  /** The file as it was given to the loader. */
  readonly file: string;
  /** 1-based line where the item starts (a case: its `- ` line). */
  readonly line: number;
  /** 1-based line of each of the item's own keys (`tables`, `plan` ...). */
  readonly fields: Readonly<Record<string, number>>;
}

const places = new WeakMap<object, SourceLocation>();

/** Called by the loader only. */
export function rememberLocation(item: object, location: SourceLocation): void {
  places.set(item, location);
}

/** Where `item` (a case or a plan note of a loaded suite) was read from; undefined if built in code. */
export function sourceLocation(item: object): SourceLocation | undefined {
  return places.get(item);
}

/** `suite.yaml:12`, or the file alone, or undefined when nothing is known. */
export function formatPlace(
  file: string | undefined,
  line: number | undefined,
): string | undefined {
  if (file === undefined) return undefined;
  return line === undefined ? file : `${file}:${line}`;
}
