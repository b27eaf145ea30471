import L from 'leaflet';

// leaflet-geoman extends the global L, so Leaflet must be global before the plugin loads
(window as unknown as { L: typeof L }).L = L;

export default L;
