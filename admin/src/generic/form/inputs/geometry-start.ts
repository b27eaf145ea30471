import { useQuery } from '@tanstack/react-query';
import { api } from '../../../providers/http';
import { useMe } from '../../../providers/use-me';
import { asGeometry, boundsOf, type Geometry, type Position } from './geometry';

/** Where a map opens when the company has no located places yet: the centre of Amsterdam. */
export const FALLBACK_CENTRE: Position = [4.9041, 52.3676];

export interface MapSetting {
  /** tile URL template ({z}/{x}/{y}); null draws the map on a plain background and loads nothing */
  tileUrl: string | null;
  /** the company's located places, where a map opens and new geometry starts */
  bounds: [Position, Position] | null;
}

/**
 * The map of a company: its tile source (settings.map.tileUrl, else the installation's MAP_TILE_URL) and the box
 * around the geometry of its locations.
 */
export function useCompanyMap(): MapSetting {
  const me = useMe();
  const company = useQuery({
    queryKey: ['company-map-tiles', me?.company._id],
    enabled: !!me?.company._id,
    queryFn: async () => (await api<{ settings?: { map?: { tileUrl?: string } } }>(`/api/company/model/company/${me!.company._id}`)).data,
  });
  const located = useQuery({
    queryKey: ['company-map-bounds', me?.company._id],
    enabled: !!me?.company._id,
    staleTime: 60_000,
    queryFn: async () => (await api<{ geojson?: unknown }[]>('/api/company/model/location', { query: '_start=0&_end=500&_select=geojson' })).data,
  });
  const geometries = (located.data ?? []).map((location) => asGeometry(location.geojson)).filter((geometry): geometry is Geometry => !!geometry);
  return { tileUrl: company.data ? company.data.settings?.map?.tileUrl || me?.mapTiles || null : null, bounds: boundsOf(geometries) };
}
