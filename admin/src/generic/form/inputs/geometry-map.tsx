import L from './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { isOpenStreetMapTiles, OSM_ATTRIBUTION } from '../../../config';
import { asGeometry, type Geometry, type Position } from './geometry';
import { FALLBACK_CENTRE } from './geometry-start';

export interface GeometryMapProps {
  value?: unknown;
  onChange?: (value: Geometry | null) => void;
  disabled?: boolean;
  /** tile URL template ({z}/{x}/{y}); without one the map draws on a plain background and loads nothing */
  tileUrl?: string | null;
  /** where an empty map opens: the company's located places ([[west, south], [east, north]]) */
  bounds?: [Position, Position] | null;
  /** the centre the map shows after each move, where new geometry starts */
  onMove?: (centre: Position) => void;
}

const latLng = ([lon, lat]: Position): L.LatLngTuple => [lat, lon];
const SHAPE_STYLE = { color: '#1f6feb', weight: 3 };

/** The GeoJSON geometry as a Leaflet layer (points as circle markers, so no marker images are needed). */
function layerOf(geometry: Geometry): L.Layer {
  return L.geoJSON(geometry, { pointToLayer: (_, latlng) => L.circleMarker(latlng, { ...SHAPE_STYLE, radius: 8 }), style: () => SHAPE_STYLE }).getLayers()[0];
}

const geometryOf = (layer: L.Layer) => ((layer as L.Polyline).toGeoJSON() as GeoJSON.Feature).geometry as Geometry;

/**
 * A map beside the coordinate inputs: draw or move a Point, LineString or Polygon; both stay in sync through the
 * form value. Drawing a new shape replaces the old one (a location has one geometry).
 */
export default function GeometryMap({ value, onChange, disabled, tileUrl, bounds, onMove }: GeometryMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const shape = useRef<L.Layer | null>(null);
  // the value the map itself last sent, so it is not drawn again under the user's hands
  const sent = useRef<string | null>(null);
  const emit = useRef(onChange);
  emit.current = onChange;
  const moved = useRef(onMove);
  moved.current = onMove;
  const opening = useRef(bounds);
  opening.current = bounds;
  // the map opens again on the company's places once they are known
  const boundsKey = bounds ? bounds.flat().join(',') : '';
  const send = (layer: L.Layer) => {
    const geometry = geometryOf(layer);
    sent.current = JSON.stringify(geometry);
    emit.current?.(geometry);
  };
  const watch = (layer: L.Layer) => layer.on('pm:edit pm:dragend', () => send(layer));

  useEffect(() => {
    const created = L.map(container.current!, { attributionControl: !!tileUrl });
    if (opening.current) created.fitBounds([latLng(opening.current[0]), latLng(opening.current[1])], { maxZoom: 15, padding: [24, 24], animate: false });
    else created.setView(latLng(FALLBACK_CENTRE), 13);
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: isOpenStreetMapTiles(tileUrl) ? OSM_ATTRIBUTION : undefined }).addTo(created);
    created.on('moveend', () => {
      const centre = created.getCenter();
      moved.current?.([Math.round(centre.lng * 1e6) / 1e6, Math.round(centre.lat * 1e6) / 1e6]);
    });
    if (!disabled) {
      created.pm.addControls({
        position: 'topleft',
        drawMarker: false,
        drawCircle: false,
        drawRectangle: false,
        drawText: false,
        cutPolygon: false,
        rotateMode: false,
        drawCircleMarker: true,
        drawPolyline: true,
        drawPolygon: true,
        editMode: true,
        dragMode: true,
        removalMode: true,
      });
      created.on('pm:create', ({ layer }) => {
        if (shape.current) created.removeLayer(shape.current);
        shape.current = layer;
        watch(layer);
        send(layer);
      });
      created.on('pm:remove', () => {
        shape.current = null;
        sent.current = 'null';
        emit.current?.(null);
      });
    }
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      shape.current = null;
      sent.current = null;
    };
  }, [tileUrl, disabled, boundsKey]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const geometry = asGeometry(value);
    if (JSON.stringify(geometry) === sent.current) return;
    sent.current = null;
    if (shape.current) current.removeLayer(shape.current);
    shape.current = null;
    if (!geometry) return;
    const layer = layerOf(geometry).addTo(current);
    shape.current = layer;
    watch(layer);
    // without animation: a map removed while it zooms (the form re-rendered it) throws from Leaflet's animation end
    if (layer instanceof L.CircleMarker) current.setView(layer.getLatLng(), Math.max(current.getZoom(), 15), { animate: false });
    else current.fitBounds((layer as L.Polyline).getBounds(), { maxZoom: 17, padding: [24, 24], animate: false });
  }, [value, tileUrl, disabled, boundsKey]);

  return <div ref={container} data-testid="geometry-map" style={{ height: 360, width: '100%', background: '#eef2f6', borderRadius: 6 }} />;
}
