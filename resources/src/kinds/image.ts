import type { ImageRule } from '../types';
import type { FieldKind } from './kind';
import { OBJECT_ID } from './reference';

/** An uploaded image, by its id (served at /api/image/{id}/icon_64 and friends). */
export const imageKind: FieldKind = {
  check: (value) => (typeof value === 'string' && OBJECT_ID.test(value) ? null : 'must be an uploaded image id'),
  sqlType: null,
  operators: [],
  parse: (raw) => raw,
  toCsv: (value) => (typeof value === 'string' ? value : ''),
  jsonSchema: () => ({ type: 'string', pattern: OBJECT_ID.source, description: 'uploaded image id' }),
};

/** The message for image dimensions that break a rule, or null. Used before upload and by the upload endpoint. */
export function checkImageSize(width: number, height: number, rule: ImageRule): string | null {
  if (rule.minWidth && width < rule.minWidth) return `Image must be at least ${rule.minWidth} px wide`;
  if (rule.minHeight && height < rule.minHeight) return `Image must be at least ${rule.minHeight} px high`;
  const ratios = rule.ratios ?? [];
  if (ratios.length > 0 && !ratios.some(([w, h]) => Math.abs(width / height - w / h) < 0.01)) {
    return `Image ratio must be ${ratios.map(([w, h]) => `${w}:${h}`).join(' or ')}`;
  }
  return null;
}
