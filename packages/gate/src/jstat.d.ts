// jstat ships no types. Only the functions this package calls are declared, so a wrong
// call is still a type error. jstat is CommonJS: module.exports is the jStat object.
declare module 'jstat' {
  interface JStatBeta {
    /** Quantile of Beta(alpha, beta) at probability p. */
    inv(p: number, alpha: number, beta: number): number;
  }
  interface JStatNormal {
    /** Quantile of Normal(mean, std) at probability p. */
    inv(p: number, mean: number, std: number): number;
  }
  interface JStat {
    beta: JStatBeta;
    normal: JStatNormal;
  }
  const jStat: JStat;
  export = jStat;
}
