import { describe, expect, it } from 'vitest';
import { KINDS, ParseError, checkImageSize, euroOf } from '../src/kinds';
import type { FieldDef, KindName } from '../src/types';

const field = (kind: KindName, options: Partial<FieldDef> = {}): FieldDef => ({ path: 'x.y', kind, ...options });
const check = (kind: KindName, value: unknown, options: Partial<FieldDef> = {}) => KINDS[kind].check(value, field(kind, options));
const parse = (kind: KindName, raw: string, options: Partial<FieldDef> = {}) => KINDS[kind].parse(raw, field(kind, options));
const csv = (kind: KindName, value: unknown) => KINDS[kind].toCsv(value, field(kind));
const ID = 'a'.repeat(24);

describe('text', () => {
  it('checks length, required, pattern, email and date', () => {
    expect(check('text', 'abc', { max: 3, min: 1 })).toBeNull();
    expect(check('text', 'abcd', { max: 3 })).toBe('must be at most 3 characters');
    expect(check('text', '', { min: 1 })).toBe('must be at least 1 characters');
    expect(check('text', '  ', { required: true })).toBe('is required');
    expect(check('text', 3)).toBe('must be text');
    expect(check('text', 'A', { pattern: '[a-z]+', patternMessage: 'lowercase' })).toBe('lowercase');
    expect(check('text', 'a b', { pattern: '[a-z ]+' })).toBeNull();
    expect(check('text', 'ab', { pattern: 'a' })).toBe('must match a');
    expect(check('text', 'a@b.nl', { format: 'email' })).toBeNull();
    expect(check('text', 'a@b', { format: 'email' })).toBe('must be an email address');
    expect(check('text', '2024-02-29', { format: 'date' })).toBeNull();
    expect(check('text', '2023-02-29', { format: 'date' })).toBe('must be a date as YYYY-MM-DD');
    expect(check('text', '', { format: 'date' })).toBeNull();
  });

  it('parses as is and writes CSV text', () => {
    expect(parse('text', ' a ')).toBe(' a ');
    expect(csv('text', 'a')).toBe('a');
    expect(csv('text', null)).toBe('');
    expect(KINDS.text.operators).toContain('like');
  });
});

describe('number', () => {
  it('checks bounds, whole numbers and steps with a tolerance', () => {
    expect(check('number', 0.07, { step: 0.01 })).toBeNull();
    expect(check('number', 0.29, { step: 0.01, max: 0.39 })).toBeNull();
    expect(check('number', 0.071, { step: 0.01 })).toBe('must be a multiple of 0.01');
    expect(check('number', 5, { max: 4 })).toBe('must be at most 4');
    expect(check('number', -1, { min: 0 })).toBe('must be at least 0');
    expect(check('number', 1.5, { integer: true })).toBe('must be a whole number');
    expect(check('number', Number.NaN)).toBe('must be a number');
    expect(check('number', '3')).toBe('must be a number');
  });

  it('parses numbers and refuses the rest', () => {
    expect(parse('number', ' 2.5 ')).toBe(2.5);
    expect(() => parse('number', 'two')).toThrow(ParseError);
    expect(() => parse('number', '')).toThrow('x.y must be a number');
    expect(csv('number', 2.5)).toBe('2.5');
    expect(KINDS.number.jsonSchema(field('number', { min: 0, max: 1, step: 0.01 }))).toEqual({ type: 'number', minimum: 0, maximum: 1, multipleOf: 0.01 });
  });
});

describe('money', () => {
  it('holds whole cents', () => {
    expect(check('money', 250)).toBeNull();
    expect(check('money', 2.5)).toBe('must be a whole number');
    expect(check('money', -5, { min: 0 })).toBe('must be at least 0');
    expect(parse('money', '250')).toBe(250);
    expect(() => parse('money', '2.50')).toThrow('(cents) must be a whole number');
    expect(csv('money', 250)).toBe('250');
    expect(KINDS.money.sqlType).toBe('bigint');
  });

  it('shows euros from cents', () => {
    expect(euroOf(250)).toBe(2.5);
    expect(euroOf(-1999)).toBe(-19.99);
  });
});

describe('enum', () => {
  it('accepts only its choices', () => {
    expect(check('enum', 'a', { choices: ['a', 'b'] })).toBeNull();
    expect(check('enum', 'c', { choices: ['a', 'b'] })).toBe('must be one of a, b');
    expect(parse('enum', 'b', { choices: ['a', 'b'] })).toBe('b');
    expect(() => parse('enum', 'c', { choices: ['a', 'b'] })).toThrow('x.y must be one of a, b');
    expect(KINDS.enum.jsonSchema(field('enum', { choices: ['a'] }))).toEqual({ type: 'string', enum: ['a'] });
  });
});

describe('boolean', () => {
  it('accepts true and false, and parses their spellings', () => {
    expect(check('boolean', false)).toBeNull();
    expect(check('boolean', 'true')).toBe('must be true or false');
    expect(parse('boolean', ' TRUE ')).toBe(true);
    expect(parse('boolean', '0')).toBe(false);
    expect(() => parse('boolean', 'yes')).toThrow('must be true or false');
    expect(csv('boolean', true)).toBe('true');
    expect(csv('boolean', null)).toBe('');
  });
});

describe('unixTime', () => {
  it('holds whole seconds, not before 1970 unless allowed', () => {
    expect(check('unixTime', 1735689600)).toBeNull();
    expect(check('unixTime', 1735689600.5)).toBe('must be a whole number');
    expect(check('unixTime', -1)).toBe('must be at least 0');
    expect(check('unixTime', -1, { min: -5000000000 })).toBeNull();
    expect(parse('unixTime', '1735689600')).toBe(1735689600);
  });

  it('reads unix seconds or ISO 8601 (a date is UTC midnight, a time without a zone UTC), and writes ISO 8601 for people', () => {
    expect(parse('unixTime', '2025-01-01')).toBe(1735689600);
    expect(parse('unixTime', '2025-01-01T01:00:00Z')).toBe(1735693200);
    expect(parse('unixTime', '2025-01-01T02:00:00+01:00')).toBe(1735693200);
    expect(parse('unixTime', '2025-01-01 01:00')).toBe(1735693200);
    expect(() => parse('unixTime', '01-01-2025')).toThrow('must be unix seconds or an ISO 8601 date or time');
    expect(() => parse('unixTime', '2025-13-45')).toThrow('must be unix seconds or an ISO 8601 date or time');
    expect(csv('unixTime', 1735693200)).toBe('2025-01-01T01:00:00Z');
    expect(parse('unixTime', csv('unixTime', 1735693200))).toBe(1735693200);
    expect(KINDS.unixTime.toCell!(1735693200, field('unixTime'))).toEqual(new Date('2025-01-01T01:00:00Z'));
  });
});

describe('reference', () => {
  it('holds a 24-character id', () => {
    expect(check('reference', ID)).toBeNull();
    expect(check('reference', 'A'.repeat(24))).toBe('must be a 24-character id');
    expect(parse('reference', ID)).toBe(ID);
    expect(() => parse('reference', 'abc')).toThrow('x.y must be a 24-character id');
    expect(KINDS.reference.operators).toEqual(['eq', 'ne', 'in']);
  });
});

describe('image', () => {
  it('holds an uploaded image id', () => {
    expect(check('image', ID)).toBeNull();
    expect(check('image', 'https://example.com/a.png')).toBe('must be an uploaded image id');
    expect(csv('image', ID)).toBe(ID);
  });

  it('checks sizes and ratios', () => {
    expect(checkImageSize(1024, 427, { ratios: [[12, 5]], minWidth: 1024 })).toBeNull();
    expect(checkImageSize(1000, 1000, { minWidth: 1024 })).toBe('Image must be at least 1024 px wide');
    expect(checkImageSize(600, 500, { minHeight: 512 })).toBe('Image must be at least 512 px high');
    expect(checkImageSize(600, 500, { ratios: [[1, 1]] })).toBe('Image ratio must be 1:1');
  });
});

describe('geojson', () => {
  it('accepts Point, LineString and Polygon only', () => {
    expect(check('geojson', { type: 'Point', coordinates: [180, -90] })).toBeNull();
    expect(check('geojson', { type: 'Point', coordinates: [181, 0] })).toContain('longitude then latitude');
    expect(check('geojson', { type: 'MultiPoint', coordinates: [] })).toBe('type must be Point, LineString or Polygon');
    expect(check('geojson', { type: 'Point', coordinates: [0, 0], crs: 'x' })).toBe('may only have type and coordinates');
    expect(check('geojson', { type: 'Polygon', coordinates: [] })).toBe('a Polygon is a list of rings');
    expect(check('geojson', 'POINT(0 0)')).toBe('must be a GeoJSON geometry');
  });

  it('reads and writes CSV cells as JSON', () => {
    const point = { type: 'Point', coordinates: [4.9, 52.4] };
    expect(parse('geojson', JSON.stringify(point))).toEqual(point);
    expect(parse('geojson', '')).toBeNull();
    expect(() => parse('geojson', '{oops')).toThrow('x.y must be JSON');
    expect(csv('geojson', point)).toBe(JSON.stringify(point));
  });
});

describe('localizedText', () => {
  it('holds text per language with the text rules, English required when required', () => {
    expect(check('localizedText', { en: 'Hi', nl: 'Hoi' }, { max: 3 })).toBeNull();
    expect(check('localizedText', { en: 'Hello' }, { max: 3 })).toBe('en must be at most 3 characters');
    expect(check('localizedText', { de: 'Hallo' })).toBe('has an unknown language de');
    expect(check('localizedText', { nl: 'Hoi' }, { required: true })).toBe('en is required');
    expect(check('localizedText', { en: 'Hi', nl: '' }, { required: true })).toBeNull();
    expect(check('localizedText', 'Hi')).toBe('must be text per language (en, nl)');
    expect(parse('localizedText', '{"en":"Hi"}')).toEqual({ en: 'Hi' });
  });
});

describe('list', () => {
  it('checks being a list and its length', () => {
    expect(check('list', [1, 2], { min: 1, max: 2 })).toBeNull();
    expect(check('list', [1, 2, 3], { max: 2 })).toBe('must have at most 2 items');
    expect(check('list', [], { min: 1 })).toBe('must have at least 1 items');
    expect(check('list', {})).toBe('must be a list');
    expect(parse('list', '')).toEqual([]);
    expect(parse('list', '["a"]')).toEqual(['a']);
    expect(csv('list', ['a'])).toBe('["a"]');
  });
});

describe('object', () => {
  it('holds an object', () => {
    expect(check('object', { a: 1 })).toBeNull();
    expect(check('object', [1])).toBe('must be an object');
    expect(check('object', 'a')).toBe('must be an object');
    expect(KINDS.object.jsonSchema(field('object', { open: true }))).toEqual({ type: 'object', additionalProperties: true });
    expect(parse('object', '{"a":1}')).toEqual({ a: 1 });
  });
});

describe('json', () => {
  it('holds any JSON value', () => {
    for (const value of [1, 'a', [1], { a: [null] }, true]) expect(check('json', value)).toBeNull();
    expect(parse('json', '[1,"a"]')).toEqual([1, 'a']);
    expect(csv('json', { a: 1 })).toBe('{"a":1}');
    expect(KINDS.json.sqlType).toBeNull();
  });
});
