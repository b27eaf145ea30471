export * from './types';
export * from './define';
export * from './paths';
export * from './field-index';
export * from './validate';
export * from './registry';
export * from './rights';
export { KINDS, ParseError, checkImageSize, euroOf, LANGUAGES, OBJECT_ID } from './kinds';
export type { FieldKind } from './kinds';
