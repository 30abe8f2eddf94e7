import { type GrantRolesOptions, grantRoles } from '@nl2sql/evaluate';
import type { CommandRun } from '../command.js';
import { flagOptions } from '../flag-options.js';

/** `nl2sql db grants`: @nl2sql/evaluate's grantRoles(); options are described in commands/db-grants.ts. */
export const runDbGrants: CommandRun = async ({ flags }, io) =>
  (await grantRoles(flagOptions<GrantRolesOptions>(flags), io)).exitCode;
