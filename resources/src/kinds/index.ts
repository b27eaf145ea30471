import type { KindName } from '../types';
import { booleanKind } from './boolean';
import { enumKind } from './enum';
import { geojsonKind } from './geojson';
import { imageKind } from './image';
import { jsonKind } from './json';
import type { FieldKind } from './kind';
import { listKind } from './list';
import { localizedTextKind } from './localized-text';
import { moneyKind } from './money';
import { numberKind } from './number';
import { objectKind } from './object';
import { referenceKind } from './reference';
import { textKind } from './text';
import { unixTimeKind } from './unix-time';

export const KINDS: Record<KindName, FieldKind> = {
  text: textKind,
  number: numberKind,
  money: moneyKind,
  enum: enumKind,
  boolean: booleanKind,
  unixTime: unixTimeKind,
  reference: referenceKind,
  image: imageKind,
  geojson: geojsonKind,
  localizedText: localizedTextKind,
  list: listKind,
  object: objectKind,
  json: jsonKind,
};

export type { FieldKind, SpreadsheetCell } from './kind';
export { ParseError, spreadsheetCell } from './kind';
export { checkImageSize } from './image';
export { euroOf, MONEY_LIMIT_CENTS } from './money';
export { LANGUAGES } from './localized-text';
export { OBJECT_ID } from './reference';
