/** The geometries a location can have (spec part 1 section 5): longitude before latitude. */
export type Position = [number, number];
export type Geometry = { type: 'Point'; coordinates: Position } | { type: 'LineString'; coordinates: Position[] } | { type: 'Polygon'; coordinates: Position[][] };
export type GeometryType = Geometry['type'];

/** Below these the remove buttons are disabled, as the spec's form does (a new ring starts with 4 positions). */
export const MIN_LINE_ENTRIES = 3;
export const MIN_RING_POSITIONS = 4;

const ORIGIN: Position = [0, 0];

/** A new geometry of a type, starting from a position the user already has when there is one. */
export function newGeometry(type: GeometryType, from: Position = ORIGIN): Geometry {
  if (type === 'Point') return { type, coordinates: [...from] };
  if (type === 'LineString') return { type, coordinates: [[...from], [...from]] };
  return { type, coordinates: [newRing(from)] };
}

export function newRing(from: Position = ORIGIN): Position[] {
  return Array.from({ length: MIN_RING_POSITIONS }, () => [...from] as Position);
}

/** The first position of a geometry, to carry over when its type changes. */
export function firstPosition(geometry: Geometry | null): Position | undefined {
  if (!geometry) return undefined;
  if (geometry.type === 'Point') return geometry.coordinates;
  if (geometry.type === 'LineString') return geometry.coordinates[0];
  return geometry.coordinates[0]?.[0];
}

/** A stored value as a geometry this editor can show, or null (no geometry, or a shape it does not know). */
export function asGeometry(value: unknown): Geometry | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if ((type === 'Point' || type === 'LineString' || type === 'Polygon') && Array.isArray(coordinates)) return value as Geometry;
  return null;
}
