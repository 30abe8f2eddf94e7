// Which of the project's suites a command works on: @nl2sql/evaluate's.
export { type ChosenSuite, chooseSuite, type SuiteList, suiteName } from '@nl2sql/evaluate';
