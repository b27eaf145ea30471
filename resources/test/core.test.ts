import { describe, expect, it } from 'vitest';
import { copyDoc, sameJson } from '../src/paths';
import { access, f, metaFields, nameFields, refField, refList, stateFields, timeFields } from '../src/define';
import { importFields, isKnownPath, populateTargets, resolveField } from '../src/field-index';
import type { ResourceDef } from '../src/types';
import { INDEX_TEXT_BYTES, validateRecord, withoutPopulated } from '../src/validate';
import { def } from './helpers';
import { id } from './fixtures';

describe('definition helpers', () => {
  it('derives the populate path of a reference from its id path', () => {
    expect(refField('merchantRef.merchantId', 'merchant').ref).toEqual({ resource: 'merchant', populateAs: 'merchantRef.merchant' });
    expect(refField('eventGuestRef.eventGuestId', 'eventGuest', { populateAs: 'eventGuest' }).ref?.populateAs).toBe('eventGuest');
    expect(() => refField('merchantRef.merchant', 'merchant')).toThrow('must end in Id');
  });

  it('builds reference lists of { xId, x? }', () => {
    const list = refList('adminCompanyRef', 'user');
    expect(list.fields?.[0]).toMatchObject({ path: 'userId', kind: 'reference', required: true, ref: { resource: 'user', populateAs: 'user' } });
    expect(refList('productRef', 'product', { itemFields: [f.money('price.cents')] }).fields?.map((x) => x.path)).toEqual(['productId', 'price.cents']);
  });

  it('puts a date text beside every unix time', () => {
    expect(timeFields('start', { required: true }).map((x) => [x.path, x.kind, x.required])).toEqual([['start.unix', 'unixTime', true], ['start.date', 'text', undefined]]);
  });

  it('nests state fields under a prefix and labels their choices', () => {
    const fields = stateFields(['a', 'b'], { prefix: 'module.attendance.', labels: { a: 'A' }, indexed: true });
    expect(fields.map((x) => x.path)).toEqual([
      'module.attendance.state.id', 'module.attendance.state.put.at.unix', 'module.attendance.state.put.at.date',
      'module.attendance.state.put.by', 'module.attendance.stateHistory',
    ]);
    expect(fields[0]).toMatchObject({ choices: ['a', 'b'], choiceLabels: { a: 'A' }, indexed: true });
  });

  it('leaves meta.archived out of models that are not archivable', () => {
    expect(metaFields({ archived: false }).map((x) => x.path)).toEqual(['meta.createdAt', 'meta.updatedAt']);
    expect(metaFields().map((x) => x.path)).toContain('meta.archived');
  });

  it('leaves descriptions out on request and marks names for import', () => {
    expect(nameFields({ description: false }).map((x) => x.path)).toEqual(['name.full', 'nameLocalized.full']);
    expect(nameFields({ imports: true, required: true })[0].import).toEqual({ description: 'Name', required: true });
  });

  it('defaults create, update, archive, delete and import to write, export to read, patch to super', () => {
    expect(access({ read: ['event'], write: ['merchant'] })).toEqual({
      read: ['event'], create: ['merchant'], update: ['merchant'], archive: ['merchant'], delete: ['merchant'], import: ['merchant'], export: ['event'], patch: [],
    });
  });
});

describe('field index', () => {
  it('resolves one language of a localized text as text', () => {
    const product = def('product');
    expect(resolveField(product, 'nameLocalized.description.nl')).toMatchObject({ kind: 'text', max: 500, indexed: false });
    expect(resolveField(product, 'nameLocalized.full.de')).toBeUndefined();
    expect(resolveField(product, 'price.cents.en')).toBeUndefined();
    expect(isKnownPath(product, 'nameLocalized.full.en')).toBe(true);
  });

  it('resolves fields of list items, and nothing else inside lists', () => {
    expect(resolveField(def('user'), 'accessRef.accessScope')?.kind).toBe('enum');
    expect(resolveField(def('user'), 'accessRef.nothing')).toBeUndefined();
  });

  it('finds every populate target, on records and in list items', () => {
    const transaction = [...populateTargets(def('transaction')).keys()].sort();
    expect(transaction).toEqual([
      'eventGuest', 'merchantRef.merchant', 'paymentRef.payment', 'productRef.product', 'registerTerminalRef.registerTerminal', 'userRef.user',
    ]);
    expect(populateTargets(def('company')).get('adminUserRef.user')).toMatchObject({ idPath: 'adminUserRef.userId' });
  });

  it('lists import fields by full path', () => {
    expect(importFields(def('product')).map(([path]) => path)).toContain('content.cups');
  });
});

describe('validation', () => {
  const tiny: ResourceDef = {
    name: 'tiny', label: 'Tiny', scope: 'company', titlePath: 'name.full', archivable: false,
    fields: [f.text('name.full', { required: true }), refField('userRef.userId', 'user'), refList('ownerRef', 'user')],
    list: { columns: [], defaultSort: [], searchable: [] },
    access: access({ read: [] }),
    checks: [(doc) => (doc.name && (doc.name as { full?: string }).full === 'bad' ? [{ field: 'name.full', message: 'name.full is bad' }] : [])],
  };

  it('runs record checks after field rules', () => {
    expect(validateRecord(tiny, { name: { full: 'ok' } })).toEqual([]);
    expect(validateRecord(tiny, { name: { full: 'bad' } })).toEqual([{ field: 'name.full', message: 'name.full is bad' }]);
  });

  it('keeps the texts of one index entry within the bytes PostgreSQL allows, naming the longest', () => {
    const searched: ResourceDef = {
      ...tiny,
      name: 'searched',
      fields: [f.text('name.full', { indexed: true, searchable: true }), f.text('email.value', { indexed: true, searchable: true }), f.text('note')],
      list: { columns: ['name.full'], defaultSort: [], searchable: ['name.full', 'email.value'] },
      checks: [],
    };
    const record = (name: string, email: string, note = '') => ({ name: { full: name }, email: { value: email }, note });
    // each alone fits; carried together (every index holds both) they do not, counted in UTF-8 bytes
    expect(validateRecord(searched, record('a'.repeat(INDEX_TEXT_BYTES), ''))).toEqual([]);
    expect(validateRecord(searched, record('a'.repeat(1300), 'é'.repeat(550)))).toEqual([]);
    expect(validateRecord(searched, record('a'.repeat(1300), 'é'.repeat(700))).map((error) => error.field)).toEqual(['email.value']);
    expect(validateRecord(searched, record('€'.repeat(801), '')).map((error) => error.field)).toEqual(['name.full']);
    // a text no index holds has no such bound
    expect(validateRecord(searched, record('x', 'y', 'n'.repeat(10_000)))).toEqual([]);
  });

  it('strips populated references from input so they are never stored', () => {
    const input = { name: { full: 'x' }, userRef: { userId: id(1), user: { name: 'Ada' } }, ownerRef: [{ userId: id(1), user: {} }] };
    const stripped = withoutPopulated(tiny, input);
    expect(stripped).toEqual({ name: { full: 'x' }, userRef: { userId: id(1) }, ownerRef: [{ userId: id(1) }] });
    expect(input.userRef.user).toBeDefined();
    expect(validateRecord(tiny, input).map((e) => e.field)).toEqual(['userRef.user', 'ownerRef.0.user']);
    expect(validateRecord(tiny, stripped)).toEqual([]);
  });

  it('checks scalar list items with the list pattern', () => {
    const def2: ResourceDef = { ...tiny, checks: [], fields: [f.listOf('codes', 'text', { pattern: '[a-z]+', patternMessage: 'lowercase only' })] };
    expect(validateRecord(def2, { codes: ['ab', 'C'] })).toEqual([{ field: 'codes.1', message: 'codes.1 lowercase only' }]);
  });
});

describe('copyDoc', () => {
  it('copies plain data deeply, keeps what is not plain data, and keeps a parsed "__proto__" key as data', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const original = JSON.parse('{"a":{"b":[1,{"c":null}]},"__proto__":{"polluted":true}}') as Record<string, unknown>;
    original.at = at;
    const copy = copyDoc(original);
    expect(copy).toEqual(original);
    expect((copy.a as { b: unknown[] }).b).not.toBe((original.a as { b: unknown[] }).b);
    expect(copy.at).toEqual(at);
    expect(copy.at).not.toBe(at);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('sameJson', () => {
  it('compares values as JSON: objects in any key order, a key holding undefined as no key, arrays in order', () => {
    expect(sameJson({ a: 1, b: { c: [1, 'x', null] } }, { b: { c: [1, 'x', null] }, a: 1 })).toBe(true);
    expect(sameJson({ a: 1, gone: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, more: null })).toBe(false);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({ a: [1] }, { a: [1, 1] })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson(1, '1')).toBe(false);
    expect(sameJson(JSON.parse('{"__proto__":{"x":1}}'), {})).toBe(false);
  });

  it('compares an object of a class as its JSON text, and an undefined item as null, as JSON writes them', () => {
    expect(sameJson({ at: new Date('2026-01-02T03:04:05Z') }, { at: new Date('2026-01-02T03:04:05Z') })).toBe(true);
    expect(sameJson({ at: new Date('2026-01-02T03:04:05Z') }, { at: '2026-01-02T03:04:05.000Z' })).toBe(true);
    expect(sameJson({ at: new Date('2026-01-02T03:04:05Z') }, { at: '2026-01-02' })).toBe(false);
    expect(sameJson([undefined, 1], [null, 1])).toBe(true);
  });
});
