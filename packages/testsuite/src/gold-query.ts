/** A gold query a test suite is built for: one case's SQL and its accepted alternatives. */
export interface GoldQuery {
  /** The case id (unique within the suite). */
  id: string;
  sql: string;
  /** Other accepted answers; a prediction may match any of them on a database. */
  altSql?: readonly string[];
  /** Row order counts (a case's `order_matters`). */
  orderMatters: boolean;
}
