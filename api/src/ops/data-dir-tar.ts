const BLOCK = 512;

/** The entry names of a tar archive (ustar headers), or null when it is not one. */
function tarEntryNames(tar: Uint8Array): string[] | null {
  const names: string[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = Buffer.from(tar.buffer, tar.byteOffset + offset, BLOCK);
    if (header.every((byte) => byte === 0)) return names;
    const field = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    if (!field(257, 6).startsWith('ustar') || !Number.isSafeInteger(size)) return null;
    const prefix = field(345, 155);
    names.push(prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return names;
}

/**
 * Whether a tar archive is a PGlite data folder (dumpDataDir writes names such as `/base/1/112`) whose every entry
 * stays inside the folder it is restored into, before PGlite writes its entries there.
 */
export function isDataDirTar(tar: Uint8Array): boolean {
  const names = tarEntryNames(tar);
  const inside = (name: string) => name.replace(/^\/+/, '').split('/').every((part) => part !== '' && part !== '.' && part !== '..');
  return names !== null && names.includes('/PG_VERSION') && names.every(inside);
}
