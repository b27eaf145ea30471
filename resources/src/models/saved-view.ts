import { access, ANY_ADMIN, defineResource, f, metaFields, refField } from '../define';
import { allResources } from '../registry';
import { savedViewForReader, savedViewProblems } from '../saved-views';
import { type FieldDef, OPERATORS } from '../types';

/** The model a view is of: one of the registry's, as it is when asked, so a model registered later has views too. */
const modelOfView: FieldDef = {
  ...f.text('model', { label: 'List of', required: true, code: true, indexed: 'column' }),
  kind: 'enum',
  get choices() {
    return allResources().map((def) => def.name);
  },
};

/**
 * A list as someone arranged it: the columns they chose (in order, with widths), the filters, search and sort, under
 * a name. Personal views belong to their maker alone; shared ones are read by the whole company (the owner rule).
 * Every field it names must be a field of its model; a reader who may not read one gets the view without it.
 */
export const savedView = defineResource({
  name: 'savedView',
  label: 'Saved view',
  labelPlural: 'Saved views',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'Name', required: true, max: 60, searchable: true, sortable: true, indexed: true }),
    modelOfView,
    f.list('columns', [f.text('path', { label: 'Field', required: true, max: 200 }), f.integer('width', { label: 'Width', min: 40, max: 2000 })], { label: 'Columns', max: 60 }),
    f.list('filters', [
      f.text('field', { label: 'Field', required: true, max: 200 }),
      f.enum('operator', OPERATORS, { label: 'Operator', required: true }),
      f.json('value', { label: 'Value' }),
    ], { label: 'Filters', max: 30 }),
    f.text('search', { label: 'Search', max: 200 }),
    f.list('sort', [f.text('field', { label: 'Field', required: true, max: 200 }), f.enum('order', ['asc', 'desc'], { label: 'Order', required: true })], { label: 'Sort', max: 3 }),
    f.boolean('shared', { label: 'Shared with the company', default: false, indexed: 'column' }),
    refField('ownerRef.userId', 'user', { label: 'Owner', readOnly: true, indexed: true, import: false }),
    // never stored: what the reader's answer left out (savedViewForReader)
    f.list('dropped', [f.text('path', { label: 'Field', required: true, max: 200 }), f.enum('reason', ['unknown', 'hidden'], { label: 'Reason', required: true })], { label: 'Left out for you', readOnly: true, import: false }),
    ...metaFields({ archived: false }),
  ],
  list: {
    columns: ['name.full', 'model', 'shared'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full'],
    filters: ['model'],
  },
  // a list's views are read by model and name
  indexes: [['model', 'name.full']],
  // called, not referenced: saved-views.ts reads the registry, which loads this file
  checks: [(doc) => savedViewProblems(doc)],
  // a shared view reaches readers who may read less than its maker: on every read path, without what they may not
  readAs: (record, rights) => savedViewForReader(record, rights),
  // views are made on the lists themselves, never imported or exported
  access: access({ read: ANY_ADMIN, write: ANY_ADMIN, archive: false, import: false, export: false, patch: false }),
  archivable: false,
  owner: { path: 'ownerRef.userId', sharedWhen: 'shared' },
});
