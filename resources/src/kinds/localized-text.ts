import { type FieldKind, jsonCsv, parseJsonCell } from './kind';
import { textKind } from './text';

export const LANGUAGES = ['en', 'nl'] as const;

/** Text per language: `{ en, nl }`, each with the field's text rules; `required` applies to English. */
export const localizedTextKind: FieldKind = {
  check(value, field) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be text per language (en, nl)';
    for (const [language, text] of Object.entries(value)) {
      if (!(LANGUAGES as readonly string[]).includes(language)) return `has an unknown language ${language}`;
      if (text === null) continue;
      const problem = textKind.check(text, { ...field, required: field.required && language === 'en' });
      if (problem) return `${language} ${problem}`;
    }
    if (field.required && !(value as Record<string, unknown>).en) return 'en is required';
    return null;
  },
  sqlType: null,
  operators: [],
  parse: (raw, field) => parseJsonCell(raw, field.path),
  toCsv: jsonCsv,
  jsonSchema: (field) => ({
    type: 'object',
    properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: 'string', ...(field.max && { maxLength: field.max }) }])),
    additionalProperties: false,
  }),
};
