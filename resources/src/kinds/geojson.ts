import { type FieldKind, jsonCsv, parseJsonCell } from './kind';

const isPosition = (p: unknown) =>
  Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90;

/** A Point, LineString or Polygon with longitude before latitude; null means no geometry saved. */
export const geojsonKind: FieldKind = {
  check(value) {
    if (typeof value !== 'object' || value === null) return 'must be a GeoJSON geometry';
    const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
    const keys = Object.keys(value);
    if (keys.some((k) => k !== 'type' && k !== 'coordinates')) return 'may only have type and coordinates';
    if (type === 'Point') return isPosition(coordinates) ? null : 'a Point is two numbers, longitude then latitude';
    if (type === 'LineString') {
      if (!Array.isArray(coordinates) || !coordinates.every(isPosition)) return 'a LineString is a list of positions';
      return coordinates.length >= 2 ? null : 'a LineString needs at least 2 positions';
    }
    if (type === 'Polygon') {
      if (!Array.isArray(coordinates) || coordinates.length === 0) return 'a Polygon is a list of rings';
      for (const ring of coordinates) {
        if (!Array.isArray(ring) || !ring.every(isPosition)) return 'a Polygon ring is a list of positions';
        if (ring.length < 4) return 'a Polygon ring needs at least 4 positions';
      }
      return null;
    }
    return 'type must be Point, LineString or Polygon';
  },
  sqlType: null,
  operators: [],
  parse: (raw, field) => parseJsonCell(raw, field.path),
  toCsv: jsonCsv,
  jsonSchema: () => ({
    type: 'object',
    nullable: true,
    properties: { type: { type: 'string', enum: ['Point', 'LineString', 'Polygon'] }, coordinates: { type: 'array' } },
  }),
};
