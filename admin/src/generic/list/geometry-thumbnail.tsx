import { asGeometry, type Position } from '../form/inputs/geometry';

const WIDTH = 240;
const HEIGHT = 140;
const PAD = 16;

/** A small map of a record's geometry on a plain background (no tiles): the shape scaled into the card's cover. */
export function GeometryThumbnail({ value }: { value: unknown }) {
  const geometry = asGeometry(value);
  if (!geometry) return null;
  const rings: Position[][] = geometry.type === 'Point' ? [[geometry.coordinates]] : geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
  const all = rings.flat();
  // longitudes shrink with latitude; this keeps shapes in proportion near the middle latitude
  const squeeze = Math.cos(((Math.min(...all.map((p) => p[1])) + Math.max(...all.map((p) => p[1]))) / 2) * (Math.PI / 180));
  const xs = all.map((p) => p[0] * squeeze);
  const ys = all.map((p) => p[1]);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1e-6);
  const scale = Math.min((WIDTH - 2 * PAD) / span, (HEIGHT - 2 * PAD) / span);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const point = ([lon, lat]: Position) => `${WIDTH / 2 + (lon * squeeze - cx) * scale},${HEIGHT / 2 - (lat - cy) * scale}`;
  const style = { fill: geometry.type === 'Polygon' ? 'rgba(31,111,235,0.25)' : 'none', stroke: '#1f6feb', strokeWidth: 3 };
  return (
    <svg data-testid="geometry-thumbnail" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} style={{ height: 140, width: '100%', background: '#eef2f6' }} role="img" aria-label={geometry.type}>
      {geometry.type === 'Point' && <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={8} style={{ ...style, fill: '#1f6feb' }} />}
      {geometry.type === 'LineString' && <polyline points={rings[0].map(point).join(' ')} style={style} />}
      {geometry.type === 'Polygon' && rings.map((ring, index) => <polygon key={index} points={ring.map(point).join(' ')} style={style} />)}
    </svg>
  );
}
