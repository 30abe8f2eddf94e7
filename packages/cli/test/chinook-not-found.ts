// For the tests of commands on a machine where the Chinook file cannot be found, simulated (a
// checkout has the file beside it): `locateChinook` throws the DatasetError it throws when it
// finds nothing. Use it as the factory of vi.mock('@nl2sql/datasets', ...) through a dynamic
// import (the mock is hoisted above the test file's imports).
import type * as Datasets from '@nl2sql/datasets';

/** The first line of the lookup's error. */
export const NOT_FOUND = 'No Chinook database was found and none could be downloaded.';

/** @nl2sql/datasets as it is, but with a Chinook lookup that finds nothing. */
export async function datasetsWithoutChinook(
  original: () => Promise<typeof Datasets>,
): Promise<typeof Datasets> {
  const real = await original();
  return {
    ...real,
    locateChinook: async () => {
      throw new real.DatasetError('DATASET_NOT_FOUND', `${NOT_FOUND}\nLooked in:\n  - nowhere`, []);
    },
  };
}

/** One Chinook case with its gold rows and plan, as regenerate writes it. */
export const LONE_SUITE = `name: lone
version: 1
cases:
  - id: artists
    question: How many artists are there?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
    tables: [ Artist ]
    columns: []
    sql: |-
      SELECT COUNT(*) FROM Artist
    rows:
      - [ 275 ]
    plan:
      select:
        - expr: { kind: aggregate, func: count }
      from: { table: Artist }
`;
