export const nl: Record<string, string> = {};
export const nlPatterns: [RegExp, string][] = [];
