/** The geometries a location can have (spec part 1 section 5): longitude before latitude. */
export type Position = [number, number];
export type Geometry = { type: 'Point'; coordinates: Position } | { type: 'LineString'; coordinates: Position[] } | { type: 'Polygon'; coordinates: Position[][] };
export type GeometryType = Geometry['type'];

/** Below these the remove buttons are disabled, as the spec's form does (a new ring starts with 4 positions). */
export const MIN_LINE_ENTRIES = 3;
export const MIN_RING_POSITIONS = 4;

/** A new geometry of a type, starting from a position the user already has, else where the map shows. */
export function newGeometry(type: GeometryType, from: Position): Geometry {
  if (type === 'Point') return { type, coordinates: [...from] };
  if (type === 'LineString') return { type, coordinates: [[...from], [...from]] };
  return { type, coordinates: [newRing(from)] };
}

export function newRing(from: Position): Position[] {
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

/** Every position of a geometry. */
export function positionsOf(geometry: Geometry): Position[] {
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'LineString') return geometry.coordinates;
  return geometry.coordinates.flat();
}

/** The box around geometries as [[west, south], [east, north]], or null when they hold no position. */
export function boundsOf(geometries: readonly Geometry[]): [Position, Position] | null {
  const positions = geometries.flatMap(positionsOf).filter(([lon, lat]) => Number.isFinite(lon) && Number.isFinite(lat) && !(lon === 0 && lat === 0));
  if (positions.length === 0) return null;
  const lons = positions.map(([lon]) => lon);
  const lats = positions.map(([, lat]) => lat);
  return [[Math.min(...lons), Math.min(...lats)], [Math.max(...lons), Math.max(...lats)]];
}

/** The middle of a box, rounded to 6 decimals (about 10 cm). */
export function centreOf([[west, south], [east, north]]: [Position, Position]): Position {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return [round((west + east) / 2), round((south + north) / 2)];
}
