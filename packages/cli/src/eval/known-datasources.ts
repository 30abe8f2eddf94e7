/**
 * The datasource ids `eval run` and `suite lint` can serve. Today the CLI has one database,
 * the Chinook SQLite file (or the file --db names), under the id `chinook`; a case naming
 * any other id would silently run against it, so lint reports it (`unknown-datasource`)
 * and a run refuses it.
 */
export const KNOWN_DATASOURCES: readonly string[] = ['chinook'];
