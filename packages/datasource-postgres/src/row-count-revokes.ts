// What the grants take from PUBLIC so that a login cannot learn how many rows a table it may
// not read holds. PostgreSQL shows every role the planner's estimates in pg_class, the
// statistics views and functions (live and dead tuples, inserts, scans) and the size
// functions; none of them checks the table's own privileges.

/** pg_class columns that hold the planner's size estimates (relallfrozen: PostgreSQL 18). */
export const PG_CLASS_ESTIMATE_COLUMNS: readonly string[] = [
  'reltuples',
  'relpages',
  'relallvisible',
  'relallfrozen',
];

/** Size functions that take any relation, readable or not. */
export const SIZE_FUNCTIONS: readonly string[] = [
  'pg_relation_size',
  'pg_table_size',
  'pg_indexes_size',
  'pg_total_relation_size',
];

function list(names: readonly string[]): string {
  return names.map((name) => `'${name}'`).join(', ');
}

/**
 * The statements (one DO block) that revoke from PUBLIC, in the database they run in: every
 * `pg_stat_get_*` function of one relation's oid (what pg_stat_*_tables, pg_stat_*_indexes and
 * pg_statio_* are built from), those views, the size functions, and SELECT on pg_class's
 * estimate columns (the table-level grant is replaced by one on every other column, so the
 * catalog stays readable: names, kinds, owners). The lists are read from the server's own
 * catalog, so a version with more functions or columns is covered. A superuser, and any
 * login granted these back, still sees them.
 */
export function rowCountRevokes(): string[] {
  return [
    '-- Row counts of tables a login may not read: the planner estimates in pg_class, the',
    "-- statistics views and functions, and the size functions are PUBLIC's by default.",
    'DO $grants$',
    'DECLARE item record; readable text;',
    'BEGIN',
    '  FOR item IN',
    '    SELECT p.oid::regprocedure AS fn FROM pg_catalog.pg_proc p',
    "    WHERE p.pronamespace = 'pg_catalog'::regnamespace",
    "      AND ((p.proname LIKE 'pg\\_stat\\_get\\_%' AND p.proname NOT LIKE 'pg\\_stat\\_get\\_db\\_%'",
    "            AND p.proargtypes = '26'::oidvector)",
    `        OR p.proname IN (${list(SIZE_FUNCTIONS)}))`,
    '  LOOP',
    "    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', item.fn);",
    '  END LOOP;',
    '  FOR item IN',
    '    SELECT c.oid::regclass AS view FROM pg_catalog.pg_class c',
    "    WHERE c.relnamespace = 'pg_catalog'::regnamespace AND c.relkind = 'v'",
    "      AND c.relname ~ '^pg_stat(io)?_(all|user|sys|xact_all|xact_user|xact_sys)_(tables|indexes|sequences)$'",
    '  LOOP',
    "    EXECUTE format('REVOKE SELECT ON %s FROM PUBLIC', item.view);",
    '  END LOOP;',
    "  SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO readable",
    '  FROM pg_catalog.pg_attribute a',
    "  WHERE a.attrelid = 'pg_catalog.pg_class'::regclass AND a.attnum > 0 AND NOT a.attisdropped",
    `    AND a.attname NOT IN (${list(PG_CLASS_ESTIMATE_COLUMNS)});`,
    '  REVOKE SELECT ON pg_catalog.pg_class FROM PUBLIC;',
    "  EXECUTE format('GRANT SELECT (%s) ON pg_catalog.pg_class TO PUBLIC', readable);",
    'END',
    '$grants$;',
  ];
}
