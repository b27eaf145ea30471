import { describe, expect, it } from 'vitest';
import { fieldsByPath, importFields, populateTargets, resolveField } from '../src/field-index';
import { KINDS } from '../src/kinds';
import { containingList, indexServes, isSortable, offeredFilterUse, offeredSorts, sortIndexLeaders, sortIndexPaths, sortNeedsFilter } from '../src/list-indexes';
import { allResources, findResource, RESOURCES } from '../src/registry';
import { ACTIONS, RIGHTS, type FieldDef, type ResourceDef } from '../src/types';
import { validateRecord } from '../src/validate';
import { VALID } from './fixtures';

const SPEC_MODELS = [
  'user', 'company', 'companyUpdate', 'page', 'event', 'eventGuest', 'video', 'location', 'merchant', 'product', 'payment',
  'transaction', 'communicationMail', 'communicationSms', 'template', 'timeslot', 'tutorial', 'pushToken', 'workerTask',
  'auditLog', 'image', 'registerTerminal', 'invoiceExport',
];
/** Models the framework adds beyond the spec: saved views of every list, webhooks of outside consumers. */
const FRAMEWORK_MODELS = ['savedView', 'webhook'];

/** Every field with its full path, list items included (`to.userRef.userId`). */
function allFields(def: ResourceDef): [string, FieldDef][] {
  const out: [string, FieldDef][] = [];
  const walk = (fields: readonly FieldDef[], prefix: string) => {
    for (const field of fields) {
      out.push([prefix + field.path, field]);
      if (field.fields) walk(field.fields, `${prefix}${field.path}.`);
    }
  };
  walk(def.fields, '');
  return out;
}

describe('registry', () => {
  it('holds every model of the spec once, and no session model', () => {
    expect(RESOURCES.map((def) => def.name).sort()).toEqual([...SPEC_MODELS, ...FRAMEWORK_MODELS].sort());
    expect(allResources()).toHaveLength(SPEC_MODELS.length + FRAMEWORK_MODELS.length);
    expect(findResource('session')).toBeUndefined();
  });

  describe.each(RESOURCES.map((def) => [def.name, def] as const))('%s', (name, def) => {
    it('accepts its valid fixture', () => {
      expect(validateRecord(def, VALID[name])).toEqual([]);
    });

    it('has a camelCase name and a title that is a field', () => {
      expect(name).toMatch(/^[a-z][a-zA-Z]*$/);
      expect(resolveField(def, def.titlePath), def.titlePath).toBeDefined();
    });

    it('lists, sorts, searches and filters on fields', () => {
      const paths = [...def.list.columns, ...def.list.defaultSort.map((sort) => sort.field), ...def.list.searchable, ...(def.list.filters ?? [])];
      for (const path of paths) expect(resolveField(def, path), path).toBeDefined();
      for (const path of def.list.searchable) expect(resolveField(def, path)?.kind, path).toBe('text');
    });

    it('offers only a default sort and filters that an index serves', () => {
      for (const sort of def.list.defaultSort) expect(isSortable(def, sort.field), sort.field).toBe(true);
      for (const path of def.list.filters ?? []) expect(indexServes(def, path, offeredFilterUse(def, path)), path).toBe(true);
    });

    it('filters a code by its whole value through its btree, prose by what it contains', () => {
      for (const path of def.list.filters ?? []) {
        const field = resolveField(def, path)!;
        if (field.kind !== 'text' || containingList(def, path)) continue;
        expect(offeredFilterUse(def, path), path).toBe(field.code ? 'order' : 'like');
        if (field.code && !def.list.searchable.includes(path)) expect(indexServes(def, path, 'like'), path).toBe(false);
      }
    });

    it('references registered models, and populates into paths that are not fields', () => {
      for (const [path, field] of allFields(def)) {
        if (field.kind === 'reference') expect(findResource(field.ref!.resource), path).toBeDefined();
      }
      for (const target of populateTargets(def).values()) {
        expect(resolveField(def, target.populatePath), target.populatePath).toBeUndefined();
        expect(resolveField(def, target.idPath)?.kind).toBe('reference');
      }
    });

    it('indexes only fields that can be columns', () => {
      for (const [path, field] of fieldsByPath(def)) {
        if (field.indexed) expect(KINDS[field.kind].sqlType, path).not.toBeNull();
      }
    });

    it('keeps money in cents and times in unix paths', () => {
      for (const [path, field] of allFields(def)) {
        if (field.kind === 'money') expect(path).toMatch(/\.cents$/);
        if (field.kind === 'unixTime' && path.endsWith('.unix')) expect(resolveField(def, path.replace(/unix$/, 'date'))?.kind, path).toBe('text');
        if (field.kind === 'enum' || (field.kind === 'list' && field.itemKind === 'enum')) expect(field.choices?.length, path).toBeGreaterThan(0);
      }
    });

    it('names valid rights for every action', () => {
      for (const action of ACTIONS) {
        const allowed = def.access[action];
        if (allowed !== false) for (const right of allowed) expect(RIGHTS).toContain(right);
      }
    });

    it('is archivable exactly when it has meta.archived', () => {
      expect(fieldsByPath(def).has('meta.archived')).toBe(def.archivable);
      if (!def.archivable) expect(def.access.archive).toBe(false);
    });

    it('uses only the page sizes the spec uses for collecting ids', () => {
      expect([undefined, 5000, 9999, 99999]).toContain(def.list.maxPageSize);
    });

    it('routes its screens under /company or /application', () => {
      if (def.screens) expect(def.screens.route).toMatch(/^\/(company|application)\/[a-z/]+$/);
    });

    it('imports only writable fields', () => {
      for (const [path, field] of importFields(def)) expect(field.readOnly, path).toBeFalsy();
    });
  });
});

describe('list behaviour from the spec', () => {
  it.each([
    ['page', 9999], ['event', 9999], ['video', 5000], ['location', 99999], ['merchant', 99999], ['user', 99999], ['payment', 99999],
    ['transaction', 99999], ['product', 99999], ['timeslot', 99999], ['template', 99999], ['eventGuest', 99999],
  ])('%s serves pages of up to %i', (name, size) => {
    expect(findResource(name)!.list.maxPageSize).toBe(size);
  });

  it('other models keep the default cap', () => {
    for (const name of ['companyUpdate', 'communicationMail', 'communicationSms', 'tutorial', 'pushToken', 'workerTask', 'auditLog', 'image', 'company']) {
      expect(findResource(name)!.list.maxPageSize, name).toBeUndefined();
    }
  });

  it('offers card and table views for locations and merchants, cards first', () => {
    expect(findResource('location')!.list.views).toEqual(['card', 'table']);
    expect(findResource('merchant')!.list.views).toEqual(['card', 'table']);
  });

  it('sorts mails by state time, newest first', () => {
    expect(findResource('communicationMail')!.list.defaultSort).toEqual([{ field: 'state.put.at.unix', order: 'desc' }]);
  });

  it('orders the ties of a sort as the index that serves it does', () => {
    const transaction = findResource('transaction')!;
    // the (state, time) composite: a state's rows go on in time
    expect(sortIndexPaths(transaction, 'state.id')).toEqual(['state.id', 'state.put.at.unix']);
    // a reference's own index goes on in the default order; any other field's ends on the id
    expect(sortIndexPaths(transaction, 'userRef.userId')).toEqual(['userRef.userId', 'state.put.at.unix']);
    expect(sortIndexPaths(transaction, 'amount.cents')).toEqual(['amount.cents']);
    // the fields that, pinned to one value, lead an index in the sort's order: a walk of it reads only their rows
    expect(sortIndexLeaders(transaction, 'state.put.at.unix').sort()).toEqual(['merchantRef.merchantId', 'state.id', 'userRef.userId']);
    expect(sortIndexLeaders(transaction, 'name.full').sort()).toEqual(['merchantRef.merchantId', 'registerTerminalRef.registerTerminalId']);
    expect(sortIndexLeaders(transaction, 'state.id')).toEqual([]);
  });

  it('has an index led by email.anonymous for every sort of users, as the user overview always filters on it', () => {
    const user = findResource('user')!;
    const ledByAnonymous = (user.indexes ?? []).filter((paths) => paths[0] === 'email.anonymous').map((paths) => paths[1]);
    expect(ledByAnonymous.sort()).toEqual(offeredSorts(user).sort());
    // birthday and last activity have no index of their own: they are sorted on within that filter only
    for (const path of ['birthday.unix', 'meta.lastActiveAt']) expect([isSortable(user, path), sortNeedsFilter(user, path)]).toEqual([true, 'email.anonymous']);
    expect(sortNeedsFilter(user, 'name.full')).toBeNull();
    expect(sortNeedsFilter(findResource('transaction')!, 'amount.cents')).toBeNull();
  });

  it('grants third-party access on the five dashboard models', () => {
    for (const name of ['page', 'location', 'event', 'video', 'merchant']) expect(findResource(name)!.thirdPartyModel).toBe(name);
    expect(RESOURCES.filter((def) => def.thirdPartyModel)).toHaveLength(5);
  });

  it('gives the screens of the route list, with leave guards where it says so', () => {
    const routes = Object.fromEntries(RESOURCES.filter((def) => def.screens).map((def) => [def.name, def.screens!]));
    expect(routes.location).toMatchObject({ route: '/company/location', leaveGuard: true, showIdToSuper: true });
    expect(routes.product).toMatchObject({ route: '/company/merchant/product', leaveGuard: true });
    expect(routes.merchant).toMatchObject({ route: '/company/merchant', leaveGuard: true });
    expect(routes.template).toMatchObject({ route: '/company/template', leaveGuard: true });
    expect(routes.user).toMatchObject({ route: '/company/user', leaveGuard: true });
    expect(routes.company).toMatchObject({ route: '/company/profile', leaveGuard: true });
    expect(routes.communicationMail.route).toBe('/company/communication/mail');
    expect(routes.communicationSms.route).toBe('/company/communication/sms');
    expect(routes.workerTask.route).toBe('/company/communication/planned');
    expect(routes.timeslot.route).toBe('/company/timeslot');
    expect(routes.tutorial.route).toBe('/company/tutorial');
    expect(routes.timeslot.deleteConfirm).toBe('Are you sure you want to delete this timeslot, deleting is only possible if the timeslot is empty.');
    expect(routes.merchant.deleteConfirm).toContain('only be deleted if it has no products');
  });
});

describe('import rules', () => {
  it.each([
    ['merchant', ['name.full']],
    ['product', ['nameLocalized.full', 'price.cents', 'type']],
    ['payment', ['paymentType', 'amount.cents', 'userRef.userId']],
    ['user', ['email.value']],
    ['timeslot', ['name.full', 'start.unix', 'end.unix']],
    ['location', ['url']],
  ])('%s marks %j as required', (name, required) => {
    const fields = importFields(findResource(name)!);
    expect(fields.filter(([, , rule]) => rule.required).map(([path]) => path).sort()).toEqual([...required].sort());
    for (const [path, , rule] of fields) expect(rule.description, path).toBeTruthy();
  });

  it('lets product and timeslot imports take their parent from the base', () => {
    const inBase = (name: string) => importFields(findResource(name)!).filter(([, , rule]) => rule.requiredButInBase).map(([path]) => path);
    expect(inBase('product')).toEqual(['merchantRef.merchantId']);
    expect(inBase('timeslot')).toEqual(['eventRef.eventId']);
  });

  it('offers no import fields on models without an import wizard', () => {
    for (const def of RESOURCES.filter((d) => !['merchant', 'product', 'payment', 'user', 'timeslot', 'location'].includes(d.name))) {
      expect(importFields(def), def.name).toEqual([]);
    }
  });
});
