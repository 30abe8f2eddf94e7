// The three-tier verdict cascade and its LLM judge (@nl2sql/judge): runEval's `plugins.judge`.
import type * as JudgeModule from '@nl2sql/judge';

/** runEval's `plugins.judge`, over @nl2sql/judge as loaded. */
export function judgePluginOf(judge: typeof JudgeModule) {
  return {
    /** The runner hands on the judge its caller built with @nl2sql/judge (evaluation.judge). */
    judgeCase: (
      input: JudgeModule.JudgeCaseInput,
      options: {
        judge?: unknown;
        thresholds?: Partial<JudgeModule.CascadeThresholds>;
        signal?: AbortSignal;
      },
    ) => judge.judgeCase(input, options as JudgeModule.JudgeCaseOptions),
    /**
     * Why the record does not let this judge decide cases, or null when it does. The record
     * and the judge are the caller's, built with @nl2sql/judge (evaluation.judge).
     */
    calibrationFailure(
      calibration: unknown,
      subject: { readonly identity: unknown },
    ): string | null {
      try {
        judge.checkCalibration(
          calibration as JudgeModule.CalibrationRecord,
          subject.identity as JudgeModule.JudgeIdentity,
        );
        return null;
      } catch (error) {
        if (error instanceof judge.UncalibratedJudgeError) return error.message;
        throw error;
      }
    },
  };
}

/** runEval's `plugins.judge`: @nl2sql/judge, imported now. */
export async function judgePlugin(): Promise<ReturnType<typeof judgePluginOf>> {
  return judgePluginOf(await import('@nl2sql/judge'));
}
