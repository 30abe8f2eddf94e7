export { COMPARISON_HEADINGS, comparisonRows, comparisonTable } from './comparison-table.js';
export {
  type Coverage,
  coverage,
  type RequiredElements,
  type ResolvedRequirements,
  resolveRequirements,
} from './coverage.js';
export { JoinGraph, type JoinStep, PathSearch } from './join-graph.js';
export { ColumnEqualities, pathMeaning } from './join-meaning.js';
export { type CompletionOptions, completeSelection, DEFAULT_MAX_PATHS } from './path-completion.js';
export {
  type ReferenceQuery,
  type ReferenceQueryOutcome,
  type ReferenceQueryStatus,
  type RestrictedRunner,
  referenceQueryOutcome,
} from './reference-query.js';
export {
  keyColumns,
  keyPairs,
  parseRelationship,
  type Relationship,
  type RelationshipEnd,
  relationshipLabel,
} from './relationship.js';
export {
  type DeclaredRelationship,
  type RegistryOptions,
  RelationshipRegistry,
  relationshipRegistry,
  type UnresolvedForeignKey,
} from './relationship-registry.js';
export { NO_COLUMNS_PLACEHOLDER, restrictedCopySql } from './restricted-copy.js';
export { type RoleScope, type ScopedSchema, scopeSchema } from './role-scope.js';
export { columnKey, SchemaNames } from './schema-names.js';
export { SchemaSelectionError, type SchemaSelectionErrorCode } from './schema-selection-error.js';
export type { ColumnShape, ForeignKeyShape, SchemaShape, TableShape } from './schema-shape.js';
export { searchTokens } from './search-tokens.js';
export {
  type CandidateSelection,
  type JoinPath,
  type PathProblem,
  type SchemaSelection,
  SELECTION_STATUSES,
  type SelectionStatus,
  selectCandidates,
} from './selection.js';
export {
  contextOf,
  readsRelationship,
  type SelectionContext,
  type SelectionContextOptions,
  selectionContext,
} from './selection-context.js';
export {
  type CaseReport,
  type CaseReportInput,
  type CoverageJson,
  caseReport,
  type MethodReport,
  type MethodSummary,
  methodSummary,
  type ReferenceQueryJson,
  type SelectionReport,
  selectionReport,
  summaryCells,
  type Tally,
} from './selection-report.js';
