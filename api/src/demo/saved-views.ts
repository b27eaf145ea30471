import { type DemoContext, metaOf } from './context';

/** A few saved views of the demo's lists: one the company shares, one a merchant admin keeps to themselves. */
export function seedSavedViews(ctx: DemoContext, staff: Readonly<Record<string, string>>): void {
  const at = ctx.clock.now - 3600;
  const view = (owner: string, doc: Record<string, unknown>) => ctx.add('savedView', at, { ...doc, ownerRef: { userId: owner }, meta: metaOf('savedView', at) });
  view(staff.company, {
    name: { full: 'Newest users' },
    model: 'user',
    shared: true,
    columns: [{ path: 'name.full', width: 220 }, { path: 'email.value', width: 260 }, { path: 'meta.createdAt', width: 170 }],
    filters: [{ field: 'meta.archived', operator: 'eq', value: false }],
    sort: [{ field: 'meta.createdAt', order: 'desc' }],
  });
  view(staff.merchant, {
    name: { full: 'My merchants A–Z' },
    model: 'merchant',
    shared: false,
    columns: [{ path: 'name.full', width: 240 }, { path: 'name.description' }],
    sort: [{ field: 'name.full', order: 'asc' }],
  });
}
