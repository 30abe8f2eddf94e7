export { SYNTHETIC_POLICY } from './access-policy.js';
export { generateCases, SYNTHETIC_DATASOURCE } from './generate-cases.js';
export {
  DEFAULT_SYNTHETIC_CASES,
  generateSynthetic,
  type SyntheticOptions,
  type SyntheticSet,
} from './generate-synthetic.js';
export {
  checkoutState,
  type MachineFacts,
  machineFacts,
  PERF_RECORD_FORMAT,
  type PerfRecord,
  writePerfRecord,
} from './perf-record.js';
export {
  FIRST_DAY,
  generateShopData,
  LAST_DAY,
  type ShopData,
  type ShopRow,
} from './shop-data.js';
export { type ColumnDef, SHOP_TABLES, type TableDef } from './shop-schema.js';
export {
  type CachedSyntheticOptions,
  cachedSynthetic,
  generatorDigest,
  SYNTHETIC_CACHE_ROOT,
} from './synthetic-cache.js';
export { writeDatabase } from './write-database.js';
