import { settingValue } from './read-settings';

/** The installation's map tiles (MAP_TILE_URL) for companies that set none; null draws maps without tiles. */
export function installationMapTiles(env: NodeJS.ProcessEnv = process.env): string | null {
  const tiles = settingValue<string>('MAP_TILE_URL', env);
  return !tiles || tiles === 'none' ? null : tiles;
}
