import { describe, expect, it } from 'vitest';
import { listOpening, openingListRequest, populatedModel } from '../src/list-opening';
import { allResources, findResource } from '../src/registry';

const def = (name: string) => findResource(name)!;
const everything = () => true;
const params = (request: string | null) => Object.fromEntries(new URL(request!, 'http://x').searchParams);

describe('how a list screen opens (issue 40)', () => {
  it('archived records hidden, the default sort, the references of the columns populated, the first page', () => {
    expect(listOpening(def('timeslot'))).toEqual({
      filters: [{ field: 'meta.archived', operator: 'eq', value: false }],
      sort: [{ field: 'start.unix', order: 'asc' }],
      populate: ['eventRef.event'],
      pageSize: 25,
    });
    expect(listOpening(def('communicationMail')).filters).toEqual([]);
    // the user overview starts on normal users
    expect(listOpening(def('user')).filters).toEqual([
      { field: 'meta.archived', operator: 'eq', value: false },
      { field: 'email.anonymous', operator: 'eq', value: false },
    ]);
  });

  it("a definition's own opening filters are filters its list offers", () => {
    for (const resource of allResources()) {
      const declared = resource.list.opening ? resource.list.opening.filters : [];
      for (const { field } of declared) expect(resource.list.filters ?? [], `${resource.name} ${field}`).toContain(field);
    }
  });

  it("the first page's request in the model API's terms", () => {
    expect(openingListRequest(def('user'), everything)).toBe('/api/company/model/user?_start=0&_end=25&_sort=meta.createdAt&_order=desc&meta.archived=false&email.anonymous=false');
    expect(params(openingListRequest(def('product'), everything))).toEqual({ _start: '0', _end: '25', _sort: 'nameLocalized.full.en', _order: 'asc', _populate: 'merchantRef.merchant' });
  });

  it('for its reader: without the populates of models they may not read, none when they may not read the list', () => {
    expect(params(openingListRequest(def('product'), (model) => model !== 'merchant'))._populate).toBeUndefined();
    expect(openingListRequest(def('product'), (model) => model !== 'product')).toBeNull();
  });

  it('none for a screen that opens on something else: the finance overviews, planned communications, the profile, the manuals', () => {
    const none = allResources().filter((resource) => resource.screens?.route && !openingListRequest(resource, everything)).map((resource) => resource.name);
    expect(none.sort()).toEqual(['company', 'payment', 'transaction', 'tutorial', 'workerTask']);
  });

  it('finds the model of a populate path, in lists of references too, and one for every populate a definition declares', () => {
    expect(populatedModel(def('transaction'), 'productRef.product')).toBe('product');
    expect(populatedModel(def('transaction'), 'merchantRef.merchant')).toBe('merchant');
    expect(populatedModel(def('transaction'), 'nothing.here')).toBeUndefined();
    for (const resource of allResources()) {
      const walk = (fields: typeof resource.fields, prefix: string): string[] =>
        fields.flatMap((field) => [...(field.ref?.populateAs ? [prefix + field.ref.populateAs] : []), ...(field.fields ? walk(field.fields, `${prefix}${field.path}.`) : [])]);
      for (const populate of walk(resource.fields, '')) expect(populatedModel(resource, populate), `${resource.name} ${populate}`).toBeDefined();
    }
  });
});
