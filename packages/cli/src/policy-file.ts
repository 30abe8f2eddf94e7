// The access policy as JSON (`--policy FILE`): @nl2sql/evaluate's reading of it.
export { readPolicy } from '@nl2sql/evaluate';
