/** True when an `engine` value is a URL (an HTTP engine) rather than the name of one of evals.yaml's engines. */
export const isEngineUrl = (value: string): boolean => value.includes('://');
