import { access, companyRefField, defineResource, f, metaFields, nameFields, refField } from '../define';

/** Location tags, exactly the list of part 1 section 3. */
export const LOCATION_TAGS = [
  'association', 'bar', 'bike-parking', 'cafe', 'campus', 'charity', 'club', 'coffee', 'culture', 'entertainment', 'fast-food',
  'gallery', 'hotel', 'landmark', 'museum', 'park', 'parking', 'religious', 'restaurant', 'show-always', 'sport', 'university',
] as const;

const address = (path: string, label: string) => f.text(path, { label, import: { description: label } });

/** A place with map geometry. archive.value is the older archive flag the spec still lists beside meta.archived. */
export const location = defineResource({
  name: 'location',
  label: 'Location',
  labelPlural: 'Locations',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    ...nameFields({ fullMax: 75, descriptionMax: 300, imports: true }),
    f.text('name.id', { label: 'Name id', import: { description: 'Short identifier' } }),
    f.text('name.abbr', { label: 'Abbreviation', import: { description: 'Abbreviation' } }),
    f.listOf('name.tag', 'enum', { label: 'Tags', choices: LOCATION_TAGS, import: { description: 'Tags', formatHint: '["bar","cafe"]' } }),
    address('country', 'Country'),
    address('city', 'City'),
    address('postal', 'Postal code'),
    address('street', 'Street'),
    address('number', 'Number'),
    address('addition', 'Addition'),
    f.text('url', { label: 'Url', required: true, max: 24, indexed: true, searchable: true, import: { description: 'Url', required: true, formatHint: 'at most 24 characters' } }),
    f.image('image.profile', { label: 'Image', image: { ratios: [[1, 1]] } }),
    f.image('image.mapIcon', { label: 'Map icon', image: { ratios: [[1, 1]], minWidth: 512, minHeight: 512 } }),
    f.geojson('geojson', { label: 'Geometry', import: { description: 'GeoJSON geometry (Point, LineString or Polygon; longitude first)', formatHint: '{"type":"Point","coordinates":[4.89,52.37]}' } }),
    companyRefField(),
    refField('pageRef.pageId', 'page', { label: 'Page' }),
    f.boolean('module.application.showOnMapWhenLoggedIn', { label: 'Show on map when logged in' }),
    f.boolean('module.application.showOnMapWhenGuest', { label: 'Show on map for guests' }),
    f.boolean('module.application.showOnMapAlways', { label: 'Always show on map' }),
    f.boolean('module.application.showInTimetable', { label: 'Show in timetable' }),
    ...metaFields(),
    f.boolean('archive.value', { label: 'Archived (legacy flag)', import: false }),
  ],
  list: {
    columns: ['name.full', 'url', 'city', 'name.tag', 'meta.archived'],
    defaultSort: [{ field: 'name.full', order: 'asc' }],
    searchable: ['name.full', 'name.description', 'url', 'city'],
    filters: ['name.tag', 'meta.archived'],
    views: ['card', 'table'],
    maxPageSize: 99999,
  },
  // archiving from the table is super only (part 1 section 6)
  access: access({ read: ['event', 'application'], write: ['event', 'application'], archive: [], patch: [] }),
  thirdPartyModel: 'location',
  archivable: true,
  screens: { route: '/company/location', menuGroup: 'Locations', generated: true, leaveGuard: true, showIdToSuper: true },
});
