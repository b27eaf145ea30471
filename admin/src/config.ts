/** The product's name, shown in the title and on the welcome screen's start button. */
export const PRODUCT_NAME = 'Backoffice';

/** Where the generic CRUD API lives. */
export const MODEL_API = '/api/company/model';

/** Reference selects load at most this many options at once (spec part 2 section 9: lazy item limit 100). */
export const REFERENCE_PAGE_SIZE = 100;

/** Reference selects refetch only after 10 s (spec part 2 section 9). */
export const REFERENCE_STALE_MS = 10_000;

/** Dates display as y-MM-dd and HH:mm (spec part 2 section 9). */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

/** OpenStreetMap's tiles ask for their attribution on the map. */
export const isOpenStreetMapTiles = (tileUrl: string) => /^https:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//.test(tileUrl);
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
