import { modelWizardsNl } from './model-wizards';

export const nl: Record<string, string> = { ...modelWizardsNl };
export const nlPatterns: [RegExp, string][] = [];
