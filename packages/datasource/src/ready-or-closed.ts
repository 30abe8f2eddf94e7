/**
 * The datasource once `ready` (its opening checks: the file, a first connection per login) has
 * resolved; when it throws, the datasource is closed first, so a failed open leaves no
 * connection, pool or instance behind, and the error goes on unchanged.
 */
export async function readyOrClosed<T extends { close(): Promise<void> }>(
  datasource: T,
  ready: (datasource: T) => Promise<void>,
): Promise<T> {
  try {
    await ready(datasource);
  } catch (error) {
    await datasource.close();
    throw error;
  }
  return datasource;
}
