// Rules that list options by their command-line flag (`--shard-max-cost needs --shard`) read
// them through these: the flag's name is what a message says, the camelCased one is the key.

/** The option of a command-line flag's name: `max-cost` -> `maxCost` (`reporter` -> `reporters`). */
export function optionName(flag: string): string {
  if (flag === 'reporter') return 'reporters';
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The value `options` holds for the flag named `flag` (for rules that list flags by name). */
export const optionOf = (options: object, flag: string): unknown =>
  (options as Record<string, unknown>)[optionName(flag)];
