import fc from 'fast-check';
import type { RunRecord } from '../src/index.js';
import { oneLine } from '../src/markdown-text.js';
import { fixture } from './fixtures.js';
import { hostileName, hostileText } from './hostile-text.js';
import { htmlText } from './markdown-render.js';

/** Every text field of a record, as a user or a tool could fill it. */
export interface RecordTexts {
  readonly note: string | null;
  readonly engineVersion: string;
  readonly suite: string;
  readonly digest: string;
  readonly engine: string;
  readonly fingerprint: string;
  readonly datasource: string;
  readonly config: string;
  readonly nodes: Readonly<Record<string, string>>;
  readonly roles: readonly string[];
  readonly commit: string;
}

/** Hostile texts in every field, with no regard to the schema (for the renderers). */
export const anyTexts: fc.Arbitrary<RecordTexts> = fc.record({
  note: fc.option(hostileText, { nil: null }),
  engineVersion: hostileText,
  suite: hostileText,
  digest: hostileText,
  engine: hostileText,
  fingerprint: hostileText,
  datasource: hostileText,
  config: hostileText,
  nodes: fc.dictionary(hostileName, hostileText, { maxKeys: 3 }),
  roles: fc.array(hostileText, { maxLength: 3 }),
  commit: hostileText,
});

/**
 * Hostile texts in every field a valid record leaves free (the datasource id and commit
 * have patterns; a retrieval record's config is `retrieval`), for publish and the files.
 */
export const validTexts: fc.Arbitrary<RecordTexts> = fc.record({
  note: fc.option(hostileText, { nil: null }),
  engineVersion: hostileName,
  suite: hostileName,
  digest: hostileName,
  engine: hostileName,
  fingerprint: hostileName,
  datasource: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,12}$/),
  config: hostileName,
  nodes: fc.dictionary(hostileName, hostileName, { maxKeys: 3 }),
  roles: fc.array(hostileName, { maxLength: 3 }),
  commit: fc.stringMatching(/^([0-9a-f]{7,40}|unknown)$/),
});

/** A fixture record with `texts` in all its text fields. */
export function withTexts(name: 'plansOld' | 'full' | 'retrieval', texts: RecordTexts): RunRecord {
  const base = fixture(name);
  return {
    ...base,
    engine_version: texts.engineVersion,
    git_commit: texts.commit,
    note: texts.note,
    dataset: { name: texts.suite, digest: texts.digest },
    database: {
      ...base.database,
      datasource_id: texts.datasource,
      engine: texts.engine,
      schema_fingerprint: texts.fingerprint,
    },
    config: { name: name === 'retrieval' ? 'retrieval' : texts.config, nodes: texts.nodes },
    scoreboard: {
      ...base.scoreboard,
      settings: { ...base.scoreboard.settings, roles: [...texts.roles] },
    },
  };
}

/** How a reader sees user text in a cell, heading or sentence: the text on one line. */
export function shownText(text: string): string {
  return htmlText(oneLine(text)) || '-';
}

/** How a reader sees user text shown as code: code where a span can hold it. */
export function shownCode(text: string): string {
  const line = oneLine(text);
  return /[<>&|]/.test(line) || line === '' ? shownText(text) : `<code>${htmlText(line)}</code>`;
}

/** The commit cell as a reader sees it. */
export function shownCommit(record: RunRecord): string {
  if (record.git_commit === 'unknown') return 'unknown';
  const sha = shownCode(record.git_commit.slice(0, 7));
  if (record.git_dirty === true) return `${sha} (dirty)`;
  return record.git_dirty === 'unknown' ? `${sha} (dirty?)` : sha;
}
