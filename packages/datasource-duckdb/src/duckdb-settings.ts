// The configuration every DuckDB datasource opens with. Each setting is one layer of the
// read-only guarantee; `lock_configuration` comes last so that no statement can undo the
// others (`SET enable_external_access = true` is refused by DuckDB itself).

/** Settings the adapter always sets, and the value DuckDB must report back for each. */
export const READ_ONLY_SETTINGS: Readonly<Record<string, string>> = {
  // The file is opened read-only: no write reaches it, and other readers may share it.
  access_mode: 'READ_ONLY',
  // Nothing spills beside the file (DuckDB would make `<file>.tmp`): past memory_limit a
  // query fails instead. Set before external access is turned off, which refuses paths.
  temp_directory: '',
  // No file, URL or directory outside the database: read_csv, COPY ... TO, ATTACH, glob,
  // INSTALL's download folder all fail with a Permission Error.
  enable_external_access: 'false',
  // No extension is fetched or loaded behind the query's back.
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_unsigned_extensions: 'false',
  allow_community_extensions: 'false',
  lock_configuration: 'true',
};

/** What `current_setting(name)` reads back for each value written above. */
export function expectedSetting(name: string, value: string): string {
  if (name === 'access_mode') return value.toLowerCase();
  return value;
}
