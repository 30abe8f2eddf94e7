// The Chinook MySQL script for the CLI's MySQL tests, found as the project finds it, or null
// with the reason printed: a checkout without ../shared skips those tests. Under CI the script
// is always there, so a missing one is an error, not a skip.
import { isCi, locateChinookMysql } from '@nl2sql/datasets';

export async function chinookMysqlScript(): Promise<string | null> {
  try {
    return await locateChinookMysql();
  } catch (error) {
    if (isCi(process.env)) throw error;
    console.warn(`skipping the MySQL tests: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}
