import { describe, expect, it } from 'vitest';
import { listStateOf, settingsOf } from './view-settings';

const isField = (path: string) => ['name.full', 'city', 'meta.archived', 'tags'].includes(path);

describe('a list state as a saved view holds it, and back', () => {
  it('keeps the search apart, names contains as the API does, and leaves out empty filters and fields of no model', () => {
    const settings = settingsOf(
      [
        { field: 'q', operator: 'eq', value: 'Zwolle' },
        { field: 'city', operator: 'contains', value: 'Zwo' },
        { field: 'meta.archived', operator: 'eq', value: false },
        { field: 'tags', operator: 'in', value: [] },
        { field: '_id', operator: 'in', value: ['0123456789abcdef01234567'] },
      ],
      [{ field: 'name.full', order: 'desc' }],
      [{ path: 'city', width: 160 }],
      isField,
    );
    expect(settings).toEqual({
      columns: [{ path: 'city', width: 160 }],
      filters: [{ field: 'city', operator: 'like', value: 'Zwo' }, { field: 'meta.archived', operator: 'eq', value: false }],
      sort: [{ field: 'name.full', order: 'desc' }],
      search: 'Zwolle',
    });
    expect(listStateOf(settings)).toEqual({
      filters: [{ field: 'city', operator: 'contains', value: 'Zwo' }, { field: 'meta.archived', operator: 'eq', value: false }, { field: 'q', operator: 'eq', value: 'Zwolle' }],
      sorters: [{ field: 'name.full', order: 'desc' }],
    });
  });

  it('leaves a search too short for the indexes out, as the list does', () => {
    expect(settingsOf([{ field: 'q', operator: 'eq', value: 'ab' }], [], [], isField).search).toBeUndefined();
  });
});
