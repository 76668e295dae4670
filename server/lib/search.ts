/** A LIKE pattern matching text that contains `text`, lower-cased, with `%`, `_` and `\` taken literally (use with `escape '\'`). */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[%_\\]/g, (m) => "\\" + m)}%`;
