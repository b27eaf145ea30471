import { type DemoContext, type Doc, DEMO_DAY, metaOf } from './context';
import { CENTRE } from './names';

type Geometry = { type: 'Point'; coordinates: number[] } | { type: 'LineString'; coordinates: number[][] } | { type: 'Polygon'; coordinates: number[][][] };

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const at = (dx: number, dy: number) => [round(CENTRE[0] + dx), round(CENTRE[1] + dy)];

/** A closed ring around a centre (the first position repeated at the end). */
function ring(dx: number, dy: number, w: number, h: number): number[][] {
  const corners = [at(dx - w, dy - h), at(dx + w, dy - h), at(dx + w, dy + h), at(dx - w, dy + h)];
  return [...corners, corners[0]];
}

type Spec = readonly [full: string, url: string, tags: readonly string[], geometry: Geometry, street: string, number: string];

/** Places of the festival site and the city: points, routes (LineString) and areas (Polygon). */
const LOCATIONS: readonly Spec[] = [
  ['Main Stage', 'main-stage', ['entertainment', 'show-always'], { type: 'Point', coordinates: at(0.002, 0.001) }, 'Museumplein', '1'],
  ['Main Bar', 'main-bar', ['bar'], { type: 'Point', coordinates: at(0.0025, 0.0006) }, 'Museumplein', '2'],
  ['Beer Garden', 'beer-garden', ['bar', 'park'], { type: 'Point', coordinates: at(-0.001, 0.002) }, 'Museumplein', '3'],
  ['Cocktail Bar', 'cocktail-bar', ['bar', 'club'], { type: 'Point', coordinates: at(0.0012, -0.0015) }, 'Museumplein', '4'],
  ['Food Court', 'food-court', ['fast-food', 'restaurant'], { type: 'Point', coordinates: at(-0.002, -0.001) }, 'Museumplein', '5'],
  ['Coffee Corner', 'coffee-corner', ['coffee', 'cafe'], { type: 'Point', coordinates: at(-0.0005, -0.0022) }, 'Museumplein', '6'],
  ['Info Stand', 'info', ['show-always'], { type: 'Point', coordinates: at(0, 0) }, 'Museumplein', '7'],
  ['First Aid', 'first-aid', ['show-always'], { type: 'Point', coordinates: at(0.0004, 0.0004) }, 'Museumplein', '8'],
  ['Bike Parking North', 'bikes-north', ['bike-parking'], { type: 'Point', coordinates: at(0.001, 0.004) }, 'Van Baerlestraat', '10'],
  ['Rijksmuseum', 'rijksmuseum', ['museum', 'culture', 'landmark'], { type: 'Point', coordinates: [4.885332, 52.359998] }, 'Museumstraat', '1'],
  ['Van Gogh Museum', 'van-gogh', ['museum', 'gallery', 'culture'], { type: 'Point', coordinates: [4.881076, 52.358416] }, 'Museumplein', '6'],
  ['University Library', 'uva-library', ['university', 'campus'], { type: 'Point', coordinates: [4.889622, 52.368546] }, 'Singel', '425'],
  ['Sports Hall', 'sports-hall', ['sport'], { type: 'Point', coordinates: at(-0.012, 0.006) }, 'Olympiaplein', '20'],
  ['Student Association', 'association', ['association', 'club'], { type: 'Point', coordinates: at(0.006, 0.004) }, 'Oudezijds Achterburgwal', '100'],
  ['Hotel Demo', 'hotel-demo', ['hotel'], { type: 'Point', coordinates: at(0.004, -0.003) }, 'Stadhouderskade', '7'],
  ['Charity Stand', 'charity', ['charity'], { type: 'Point', coordinates: at(-0.0015, 0.0005) }, 'Museumplein', '9'],
  ['Chapel', 'chapel', ['religious', 'landmark'], { type: 'Point', coordinates: at(0.008, 0.01) }, 'Kalverstraat', '1'],
  ['Walking route from Centraal', 'route-centraal', ['landmark'], {
    type: 'LineString', coordinates: [[4.900272, 52.378901], [4.893, 52.3731], [4.8913, 52.3672], [4.8845, 52.3628], [4.8812, 52.3585]],
  }, 'Damrak', ''],
  ['Shuttle bus route', 'route-shuttle', ['parking'], { type: 'LineString', coordinates: [at(-0.03, -0.02), at(-0.015, -0.01), at(-0.002, -0.0025)] }, 'Amstelveenseweg', ''],
  ['Canal parade route', 'route-parade', ['entertainment'], { type: 'LineString', coordinates: [[4.9027, 52.3681], [4.8981, 52.3664], [4.8924, 52.3645], [4.8866, 52.3668], [4.8841, 52.3721], [4.8864, 52.3770]] }, 'Prinsengracht', ''],
  ['Festival grounds', 'grounds', ['park', 'show-always'], { type: 'Polygon', coordinates: [ring(0, 0, 0.004, 0.0028)] }, 'Museumplein', ''],
  ['Car park P1', 'parking-p1', ['parking'], { type: 'Polygon', coordinates: [ring(-0.008, -0.005, 0.0012, 0.0008)] }, 'Hobbemastraat', '12'],
  ['Campsite', 'campsite', ['park'], {
    type: 'Polygon', coordinates: [ring(0.012, -0.004, 0.002, 0.0015), ring(0.012, -0.004, 0.0005, 0.0004)],
  }, 'Ruysdaelkade', ''],
  ['Old stage (2025)', 'old-stage', ['entertainment'], { type: 'Point', coordinates: at(0.003, -0.002) }, 'Museumplein', '11'],
];

/** Locations with Point, LineString and Polygon geometry, some linked to a page, one archived, one without geometry. */
export function seedLocations(ctx: DemoContext, pageIds: readonly string[]): number {
  const { rng, clock } = ctx;
  const createdAt = clock.yearStart - 20 * DEMO_DAY;
  for (const [full, url, tags, geometry, street, number] of LOCATIONS) {
    const archived = url === 'old-stage';
    const doc: Doc = {
      name: { full, id: url, abbr: full.split(' ').map((word) => word[0]).join('').toUpperCase(), description: `${full}: see the map in the app.`, tag: tags },
      nameLocalized: { full: { en: full, nl: full }, description: { en: `${full}: see the map in the app.`, nl: `${full}: zie de kaart in de app.` } },
      country: 'NL',
      city: 'Amsterdam',
      postal: `10${rng.int(11, 99)} ${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}`,
      street,
      url,
      geojson: geometry,
      companyRef: { companyId: ctx.companyId },
      module: {
        application: {
          showOnMapWhenLoggedIn: true,
          showOnMapWhenGuest: !tags.includes('bar') || rng.chance(0.5),
          showOnMapAlways: tags.includes('show-always'),
          showInTimetable: tags.includes('entertainment'),
        },
      },
      meta: metaOf('location', createdAt, { archived }),
      archive: { value: archived },
    };
    if (number) doc.number = number;
    if (pageIds.length > 0 && rng.chance(0.4)) doc.pageRef = { pageId: rng.pick(pageIds) };
    ctx.add('location', createdAt, doc);
  }
  // a location whose geometry is not drawn yet
  ctx.add('location', createdAt, {
    name: { full: 'Second stage (planned)', description: 'Location to be decided.' },
    url: 'second-stage',
    geojson: null,
    companyRef: { companyId: ctx.companyId },
    module: { application: { showOnMapWhenLoggedIn: false, showOnMapWhenGuest: false, showOnMapAlways: false, showInTimetable: true } },
    meta: metaOf('location', createdAt, { archived: false }),
    archive: { value: false },
  });
  return LOCATIONS.length + 1;
}
