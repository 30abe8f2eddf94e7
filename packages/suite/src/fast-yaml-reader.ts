// The fast way to read a suite's YAML: js-yaml straight to plain data (no document tree), with
// a listener that notes the line of every case and of each of its keys as they are read.
// About a tenth of the time and memory of the positional reader (positional-yaml-reader.ts),
// which keeps a node with a source range for every value.
//
// It must never give data the positional reader would not give. So it reads only plain YAML
// and steps aside for anything else: an anchor (aliases are refused, and an anchor can be
// used by one), a tag, a %YAML directive, a key that is not text (`~:` is `""` to `yaml` and
// `"null"` to js-yaml), or a complex, explicit or single-pair key whose children it cannot
// pair with the mapping js-yaml built. Each mapping and sequence is checked against the
// children the listener saw (key, value, key, value ...), so every recorded line belongs to
// the key or item it is recorded for. decisions/suite-loading.md says why this design.

import { load, type State, YAMLException } from 'js-yaml';
import { TextPool } from './text-pool.js';
import { CORE_SCHEMA_AS_YAML_READS_IT, CORE_TAG_NAME } from './yaml-core-tags.js';

/** Where a sequence item that is a mapping starts, and the line of each of its keys (1-based). */
export interface ItemPlace {
  line: number;
  fields: Record<string, number>;
}

/** Lines of the top of the document: enough to place every case, plan note and their keys. */
export interface YamlOutline {
  /** 1-based line where the document's content starts. */
  line: number;
  /** 1-based line of each top-level key. */
  keys: Record<string, number>;
  /** For each top-level key holding a sequence: each item's place (undefined: not a mapping). */
  items: Record<string, Array<ItemPlace | undefined>>;
}

export type FastRead =
  | { ok: true; data: unknown; outline: YamlOutline }
  | {
      ok: false;
      /** `yaml`: not YAML (js-yaml's reason); `unsupported`: YAML this reader leaves to the other. */
      kind: 'yaml' | 'unsupported';
      problem: string;
      /** 1-based, when known. */
      line?: number;
      column?: number;
    };

/** js-yaml's parser state as the listener sees it (the published type omits these fields). */
interface ParserState extends Omit<State, 'kind'> {
  depth: number;
  kind: 'scalar' | 'sequence' | 'mapping' | null;
  tag: string | null;
  anchor: string | null;
}

/**
 * One node being read. `kids[0..count)` are its children's values in reading order (a
 * mapping's are key, value, key, value ...). The top three levels keep their children
 * (`sub`) and the children's lines; deeper frames are reused, one per depth, so reading
 * allocates no frame per value.
 */
interface Frame {
  /** 0-based line and offset where reading the node began (before any space, for a value). */
  line: number;
  position: number;
  kids: unknown[];
  count: number;
  /** The last child read nothing: the would-be key that ends a block mapping. */
  lastEmpty: boolean;
  lines: number[] | null;
  sub: Frame[] | null;
  result: unknown;
}

// Depth 1 is the document's root, 2 its keys and values (the `cases` sequence), 3 the
// cases, 4 their keys and values.
const KEPT_DEPTH = 3;
const LINED_DEPTH = 4;

/** Thrown by the listener to stop reading: the text needs the positional reader. */
class NotFast extends Error {
  constructor(
    readonly problem: string,
    readonly line: number,
  ) {
    super(problem);
  }
}

const QUESTION_MARK = 0x3f;
const HASH = 0x23;
const CLOSING_BRACKETS = new Set([0x5d, 0x7d]); // ] }
const BLOCK_SCALAR_STARTS = new Set([0x7c, 0x3e]); // | >
const BLOCK_HEADER = /^[|>][-+0-9]*/;

/** The offset of the first character after spaces, line breaks and comments from `from`. */
function contentStart(input: string, from: number): number {
  let i = from;
  for (;;) {
    const c = input.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else if (c === 0x23) {
      const eol = input.indexOf('\n', i);
      if (eol === -1) return input.length;
      i = eol + 1;
    } else return i;
  }
}

class Reader {
  private readonly stack: Frame[] = [];
  private readonly spare: Frame[] = [];
  /** Holds the document's root as its only child. */
  readonly top: Frame = Reader.frame(true);
  /** Every text value read, kept once (see text-pool.ts). */
  private readonly texts = new TextPool();

  private static frame(kept: boolean): Frame {
    return {
      line: 0,
      position: 0,
      kids: [],
      count: 0,
      lastEmpty: false,
      lines: kept ? [] : null,
      sub: kept ? [] : null,
      result: undefined,
    };
  }

  constructor() {
    this.stack.push(this.top);
  }

  open(state: ParserState): void {
    const { depth, line, position } = state;
    // js-yaml reads an explicit key (`? key`) from just after its `?`. Refusing them leaves
    // one irregular child in a block mapping: the would-be key that ends it.
    if (state.input.charCodeAt(position - 1) === QUESTION_MARK)
      throw new NotFast('an explicit key (? key)', line);
    let frame: Frame;
    if (depth <= KEPT_DEPTH) frame = Reader.frame(true);
    else {
      frame = this.spare[depth] ?? Reader.frame(false);
      this.spare[depth] = frame;
      frame.count = 0;
      frame.lastEmpty = false;
    }
    frame.line = line;
    frame.position = position;
    this.stack.push(frame);
  }

  close(state: ParserState): void {
    const frame = this.stack.pop() as Frame;
    if (state.version !== null) throw new NotFast('a %YAML directive', 0);
    if (state.anchor !== null) throw new NotFast(`an anchor (&${state.anchor})`, frame.line);
    const { tag, kind } = state;
    // A text is replaced by the pool's equal string before anything compares it; js-yaml
    // stores what the listener leaves in state.result.
    if (kind === 'scalar' && typeof state.result === 'string')
      state.result = this.texts.text(state.result);
    const { result } = state;
    if (tag !== null && tag !== '?' && tag !== CORE_TAG_NAME)
      throw new NotFast(`a tag (${tag})`, frame.line);
    // Most nodes end on the line they began; the others are checked for what `yaml` reads
    // more strictly than js-yaml: how the lines of a quoted or plain scalar, or of a flow
    // collection, are indented.
    if (state.line !== frame.line) this.checkLines(frame, state);
    // `"text"#note` or `[a]#note`: js-yaml takes a comment there, `yaml` wants a space first.
    if (state.input.charCodeAt(state.position) === HASH)
      throw new NotFast('a comment with no space before it', state.line);
    const { kids, count } = frame;
    // A node read as a would-be key and kept as the whole value: its one child is itself,
    // already checked when it closed.
    const passedThrough = count === 1 && kids[0] === result;
    if (!passedThrough && kind === 'mapping') checkMapping(frame, result as object);
    else if (!passedThrough && kind === 'sequence') checkSequence(frame, result as unknown[]);
    const parent = this.stack[this.stack.length - 1] as Frame;
    parent.kids[parent.count++] = result;
    parent.lastEmpty = kind === null;
    if (state.depth <= LINED_DEPTH) parent.lines?.push(frame.line);
    if (state.depth <= KEPT_DEPTH) {
      frame.result = result;
      parent.sub?.push(frame);
    }
  }

  /** A multi-line node that is not a block collection or a block scalar steps aside. */
  private checkLines(frame: Frame, state: ParserState): void {
    const { input, kind } = state;
    if (kind === 'mapping' || kind === 'sequence') {
      // A flow collection ends at its bracket; a block one after a line break (js-yaml ends
      // every text with one).
      if (CLOSING_BRACKETS.has(input.charCodeAt(state.position - 1)))
        throw new NotFast('a flow collection ([...] or {...}) over several lines', frame.line);
      return;
    }
    if (kind !== 'scalar') return;
    const start = contentStart(input, frame.position);
    // A comment line between a key and its text: js-yaml skips it wherever it is indented,
    // `yaml` refuses one indented less than the mapping (found by the damaged-suite property).
    // Only the few characters between the two are looked at: a search of the whole text
    // before the value would make reading a suite quadratic in its size.
    if (input.slice(frame.position, start).includes('#'))
      throw new NotFast('a comment between a key and its text', state.line);
    if (BLOCK_SCALAR_STARTS.has(input.charCodeAt(start))) {
      // `|`, `|-`, `>`, `>-` read alike; the two readers differ on trailing blank lines kept
      // by `+` and on content under an explicit indentation (`|2`).
      const header = BLOCK_HEADER.exec(input.slice(start, start + 4))?.[0] ?? '';
      if (/[+1-9]/.test(header))
        throw new NotFast(`a block scalar header ${header} (keep or indentation)`, frame.line);
      return;
    }
    // Began on a later line than the node (a value under its key) but all on one line?
    const lastBreak = input.lastIndexOf('\n', state.position - 1);
    if (lastBreak >= start)
      throw new NotFast('a quoted or plain text over several lines', state.line);
  }
}

/** Keys are text, read once each, and each value is the one js-yaml stored under its key. */
function checkMapping(frame: Frame, map: object): void {
  const { kids, count } = frame;
  const record = map as Record<string, unknown>;
  const keys = Object.keys(record).length;
  const read = count % 2 === 1 && frame.lastEmpty ? count - 1 : count;
  if (read !== 2 * keys) throw new NotFast('a complex or explicit key', frame.line);
  const seen = keys > 1 ? new Set<string>() : undefined;
  for (let i = 0; i < read; i += 2) {
    const key = kids[i];
    if (typeof key !== 'string') throw new NotFast('a key that is not text', frame.line);
    if (!Object.is(record[key], kids[i + 1]) || seen?.has(key))
      throw new NotFast('a complex or explicit key', frame.line);
    seen?.add(key);
  }
}

/** Each item is the child read for it, in order (a `[k: v]` pair inside a list is not). */
function checkSequence(frame: Frame, list: unknown[]): void {
  const { kids, count } = frame;
  if (count !== list.length) throw new NotFast('a key inside a flow sequence', frame.line);
  for (let i = 0; i < count; i++)
    if (!Object.is(kids[i], list[i])) throw new NotFast('a key inside a flow sequence', frame.line);
}

const isMapping = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The places of a mapping's keys, from its frame; undefined if its children were not kept. */
function keyLines(frame: Frame | undefined): Record<string, number> | undefined {
  if (frame?.lines === null || frame === undefined) return undefined;
  if (frame.lines.length !== frame.count) return undefined;
  const fields: Record<string, number> = {};
  // Pairs only: a block mapping may end with a would-be key that read nothing.
  for (let i = 0; i + 1 < frame.count; i += 2)
    fields[frame.kids[i] as string] = (frame.lines[i] as number) + 1;
  return fields;
}

function outlineOf(root: Frame): YamlOutline {
  const outline: YamlOutline = { line: root.line + 1, keys: {}, items: {} };
  if (!isMapping(root.result)) return outline;
  const { kids, count, sub, lines } = root as Frame & { sub: Frame[]; lines: number[] };
  for (let i = 0; i + 1 < count; i += 2) {
    const key = kids[i] as string;
    outline.keys[key] = (lines[i] as number) + 1;
    const list = sub[i + 1];
    if (!Array.isArray(list?.result) || list.sub === null || list.lines === null) continue;
    const places: Array<ItemPlace | undefined> = [];
    for (const [j, item] of list.sub.entries()) {
      if (!isMapping(item.result)) {
        places.push(undefined);
        continue;
      }
      const passedThrough = item.count === 1 && item.kids[0] === item.result;
      const fields = passedThrough ? undefined : keyLines(item);
      // A mapping written in flow style as an item is read through a deeper node: not kept.
      if (fields === undefined) throw new NotFast('a case written in flow style', item.line);
      places.push({ line: (list.lines[j] as number) + 1, fields });
    }
    outline.items[key] = places;
  }
  return outline;
}

/**
 * The nearest place the outline knows for the value at `path`: a top-level key's line, an
 * item's line, or the line of the item's own key that holds the value (`cases/3/tags/1` is
 * placed at case 3's `tags:` line).
 */
export function outlinePlace(
  outline: YamlOutline,
  path: ReadonlyArray<string | number>,
): { line: number } | undefined {
  const [key, index, field] = path;
  if (key === undefined) return { line: outline.line };
  const keyLine = outline.keys[String(key)];
  const place = typeof index === 'number' ? outline.items[String(key)]?.[index] : undefined;
  if (place === undefined) return keyLine === undefined ? undefined : { line: keyLine };
  const fieldLine = field === undefined ? undefined : place.fields[String(field)];
  return { line: fieldLine ?? place.line };
}

/** The 1-based line of `offset`. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

// A tab where indentation goes: opening a line, or among the spaces before a comment or the
// end of a line. js-yaml reads some of these (after a block scalar, say) that `yaml` refuses.
const TAB_INDENT = /^(?:\t|[ ]*\t[ \t]*(?:#|\r?$))/m;

/** Line shapes the two readers disagree on, found by scanning the text once. */
function unusualLine(text: string): { problem: string; line: number } | undefined {
  if (text.includes('\t')) {
    const tab = TAB_INDENT.exec(text);
    if (tab) return { problem: 'a tab in the indentation', line: lineOf(text, tab.index) };
  }
  // A carriage return alone is a line break to js-yaml and not always to `yaml`.
  for (let cr = text.indexOf('\r'); cr !== -1; cr = text.indexOf('\r', cr + 1)) {
    if (text.charCodeAt(cr + 1) !== 0x0a)
      return { problem: 'a carriage return without a line feed', line: lineOf(text, cr) };
  }
  return undefined;
}

/** Reads `text` with js-yaml under `yaml`'s core schema; see the file comment for what it refuses. */
export function readYamlFast(text: string): FastRead {
  const unusual = unusualLine(text);
  if (unusual !== undefined) return { ok: false, kind: 'unsupported', ...unusual };
  const reader = new Reader();
  try {
    const data = load(text, {
      schema: CORE_SCHEMA_AS_YAML_READS_IT,
      listener(event, state) {
        if (event === 'open') reader.open(state as ParserState);
        else reader.close(state as ParserState);
      },
    });
    const root = reader.top.sub?.[0];
    if (root === undefined || root.result !== data)
      return { ok: true, data, outline: { line: 1, keys: {}, items: {} } };
    return { ok: true, data, outline: outlineOf(root) };
  } catch (error) {
    if (error instanceof NotFast)
      return { ok: false, kind: 'unsupported', problem: error.problem, line: error.line + 1 };
    if (error instanceof YAMLException) {
      const line = error.mark?.line;
      const column = error.mark?.column;
      // An explicit tag is valid YAML this reader does not take (see yaml-core-tags.ts).
      const kind = error.reason.startsWith('unknown tag') ? 'unsupported' : 'yaml';
      return {
        ok: false,
        kind,
        problem: error.reason,
        ...(line === undefined ? {} : { line: line + 1 }),
        ...(column === undefined ? {} : { column: column + 1 }),
      };
    }
    // Anything else (a stack overflow on absurd nesting) is the positional reader's to judge.
    return { ok: false, kind: 'unsupported', problem: String(error) };
  }
}
