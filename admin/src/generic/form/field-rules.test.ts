import { findResource } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import { fieldProblem, isDerivedDate, pruneUndefined } from './field-rules';
import { moneyProps, unixProps } from './inputs/value-props';
import { type FormError, bodyFromValues, checkedBody, formErrors, isOnForm, undrawnErrors, withHeldFields } from './prepare-values';

const merchant = findResource('merchant')!;
const nameField = merchant.fields.find((field) => field.path === 'name.full')!;

describe('the shared validator on the form', () => {
  it('shows the definition rules before sending', () => {
    expect(fieldProblem(nameField, 'x'.repeat(51))).toBe('Must be at most 50 characters');
    expect(fieldProblem(nameField, 'Bar')).toBeNull();
    expect(fieldProblem(nameField, undefined)).toBe('Is required');
    expect(fieldProblem(nameField, '')).toBe('Is required');
  });

  it('checks the whole body the same way as the API', () => {
    expect(formErrors(merchant, { name: { full: 'x'.repeat(60) } })).toEqual([{ name: ['name', 'full'], errors: ['Must be at most 50 characters'] }]);
    expect(formErrors(merchant, { name: { full: 'Bar' } })).toEqual([]);
  });

  it('sends only what the user may write, without undefined', () => {
    const body = bodyFromValues(merchant, { name: { full: 'Bar', description: undefined }, meta: { createdAt: 5 } }, ['merchant']);
    expect(body).toEqual({ name: { full: 'Bar' }, meta: {} });
    expect(pruneUndefined({ list: [undefined, 1] })).toEqual({ list: [null, 1] });
  });

  it('puts the errors of a body that breaks the rules on the form, and none for a good one', () => {
    const placed: FormError[][] = [];
    const form = { setFields: (errors: FormError[]) => placed.push(errors) };
    expect(checkedBody(merchant, { name: { full: 'x'.repeat(60) } }, ['merchant'], form).errors).toHaveLength(1);
    expect(placed).toEqual([[{ name: ['name', 'full'], errors: ['Must be at most 50 characters'] }]]);
    expect(checkedBody(merchant, { name: { full: 'Bar', description: undefined } }, ['merchant'], form)).toEqual({ body: { name: { full: 'Bar' } }, errors: [] });
    expect(placed).toHaveLength(1);
  });

  it('sends the fields a form holds but has not drawn yet, from its store', () => {
    const store = { name: { full: 'Stage', description: 'Old' }, url: 'stage', city: 'Utrecht', meta: { createdAt: 5 } };
    const form = { getFieldValue: (name: string[]) => name.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], store) };
    expect(withHeldFields({ name: { full: 'Stage 2' }, city: 'Amersfoort' }, ['name.full', 'name.description', 'url', 'city', 'country'], form))
      .toEqual({ name: { full: 'Stage 2', description: 'Old' }, url: 'stage', city: 'Amersfoort' });
  });

  it('names the errors of fields not drawn yet, which the form cannot show on them', () => {
    const location = findResource('location')!;
    const errors = [{ name: ['name', 'full'], errors: ['Is required'] }, { name: ['url'], errors: ['Must be at most 24 characters'] }];
    const form = { getFieldError: (name: (string | number)[]) => (name[0] === 'name' ? ['Is required'] : []) };
    expect(undrawnErrors(location, errors, form, (key) => key)).toEqual([{ field: 'url', message: 'Url: Must be at most 24 characters' }]);
  });

  it('places API errors on the fields the form shows', () => {
    expect(isOnForm(merchant, 'name.full')).toBe(true);
    expect(isOnForm(merchant, 'meta.createdAt')).toBe(false);
    expect(isOnForm(merchant, 'unknown.path')).toBe(false);
  });

  it('hides the date text that sits beside a unix time', () => {
    const timeslot = findResource('timeslot')!;
    const date = timeslot.fields.find((field) => field.path === 'start.date');
    if (date) expect(isDerivedDate(date, timeslot.fields)).toBe(true);
    expect(isDerivedDate(nameField, merchant.fields)).toBe(false);
  });
});

describe('value conversions', () => {
  it('enters money in euros and stores cents', () => {
    expect(moneyProps.getValueProps(250)).toEqual({ value: 2.5 });
    expect(moneyProps.normalize(2.5)).toBe(250);
    expect(moneyProps.normalize(0.1 + 0.2)).toBe(30);
    expect(moneyProps.normalize(null)).toBeNull();
  });

  it('keeps times as unix seconds', () => {
    const { value } = unixProps.getValueProps(1_700_000_000) as { value: { unix: () => number } };
    expect(unixProps.normalize(value as never)).toBe(1_700_000_000);
    expect(unixProps.getValueProps(undefined)).toEqual({ value: null });
  });
});
