// Node kinds a read query must never contain, each mapped to the rule that names why (a
// write, a lock, a change of session state, a file or table-valued function), and the test
// for any DDL kind. They are checked before the allow-list (allowed-kinds.ts) so the
// message says why a kind is refused rather than only that it is not allowed.

/** Kind -> rule for constructs that are never allowed in a read query. */
export const BLOCKED_KINDS: ReadonlyMap<string, string> = new Map<string, string>([
  ...[
    'insert',
    'update',
    'delete',
    'merge',
    'on_conflict',
    'returning',
    'multitable_inserts',
    'conditional_insert',
    'load_data',
    'put',
  ].map((k) => [k, 'write'] as const),
  ...['copy', 'export', 'to_file'].map((k) => [k, 'copy'] as const),
  ...[
    'set_statement',
    'set',
    'set_item',
    'alter_session',
    'use',
    'set_property',
    'set_config_property',
    'session_parameter',
  ].map((k) => [k, 'session-state'] as const),
  ...['transaction', 'commit', 'rollback'].map((k) => [k, 'transaction'] as const),
  ['pragma', 'pragma'],
  ['attach', 'attach'],
  ['detach', 'attach'],
  ['into_clause', 'select-into'],
  ['lock', 'row-lock'],
  ['locking_statement', 'row-lock'],
  ...[
    'command',
    'raw',
    'execute',
    'prepare',
    'declare',
    'declare_item',
    'kill',
    'grant',
    'revoke',
    'analyze',
    'refresh',
    'cache',
    'uncache',
    'install',
    'describe',
    'show',
    'comment',
    'create_task',
  ].map((k) => [k, 'blocked-statement'] as const),
  ...[
    'read_c_s_v',
    'read_parquet',
    'generate_series',
    'exploding_generate_series',
    'unnest',
    'explode',
    'explode_outer',
    'table_from_rows',
    'rows_from',
    'j_s_o_n_table',
    'x_m_l_table',
    'open_j_s_o_n',
  ].map((k) => [k, 'table-function'] as const),
]);

/** Any kind that creates, drops, alters or truncates something. */
export function isDdlKind(kind: string): boolean {
  return /^(create|drop|alter|truncate|undrop|rename|flashback|split_table|add_partition|replace_partition|clone|index|column_def)/.test(
    kind,
  );
}
