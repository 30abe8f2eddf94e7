// The eval case and suite as a program sees them after loading. Field names are the file's
// (snake_case), so a case reads the same in YAML, in JSON and in code.

import type { PlanModel } from '@nl2sql/plan';

/** The fixed tag vocabulary (spec 000, "The cases"). A tag outside it is a format error. */
export const CASE_TAGS = [
  'single-table',
  'filter',
  'join',
  'multi-join',
  'aggregation',
  'having',
  'order-limit',
  'offset',
  'ties',
  'date',
  'paraphrase',
  'keyword-in-question',
  'keyword-in-value',
  'data-range',
  'value-matching',
  'rbac-denial',
  'unanswerable',
] as const;

export type CaseTag = (typeof CASE_TAGS)[number];

/** What a role's run of a case must end in. */
export const OUTCOMES = ['allowed', 'refused', 'unanswerable'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Where a case came from: written by a person, or harvested from a real run and reviewed. */
export const CASE_SOURCES = ['hand', 'harvested'] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];

/** A stored cell. Regenerate writes integers beyond 2^53 and blobs as strings. */
export type Cell = null | number | string;
export type Row = Cell[];

export interface EvalCase {
  id: string;
  question: string;
  /** The datasource id the case asks about (e.g. `chinook`). */
  datasource: string;
  source: CaseSource;
  /** Only approved cases are run and scored. */
  approved: boolean;
  tags: CaseTag[];
  /** The gold SQL; absent on an unanswerable case. */
  sql?: string;
  /** Row order counts only when true. */
  order_matters: boolean;
  /** What `sql` returns, written by regenerate. */
  rows?: Row[];
  /** Other accepted answers, one SQL each. */
  alt_sql?: string[];
  /** What each `alt_sql` returns, in the same order, written by regenerate. */
  alt_rows?: Row[][];
  /** Role -> expected outcome. */
  outcome: Record<string, Outcome>;
  /** Tables `sql` reads, sorted. */
  tables: string[];
  /** `Table.Column` pairs `sql` reads, sorted. */
  columns: string[];
  /** The gold plan (PlanModel); present exactly on answerable cases. */
  plan?: PlanModel;
  /** The date "today" means for this case (YYYY-MM-DD). */
  as_of_date?: string;
  /** The id of the case this one rephrases; a paraphrase group shares one result. */
  paraphrase_of?: string;
  notes?: string;
}

/** A plan that answers its case by a different route than its SQL (listed in the header). */
export interface PlanNote {
  case: string;
  note: string;
}

export interface EvalSuite {
  /** The suite's name (e.g. `chinook`). */
  name: string;
  /** Format version of the file; this package reads and writes 1. */
  version: 1;
  description?: string;
  plan_notes?: PlanNote[];
  cases: EvalCase[];
}

/** A case the database can answer: it has SQL (and so rows and a plan). */
export function isAnswerable(c: EvalCase): boolean {
  return c.sql !== undefined;
}
