import QRCode from 'qrcode';
import sharp from 'sharp';

const SIZE = 512;
/** QR codes kept per process (about 10 kB each): a sheet of visitor cards asks for each again on every print. */
const KEEP = 2000;
const made = new Map<string, Promise<Buffer>>();

/**
 * A QR code as a 512-pixel PNG: drawn as SVG (under a millisecond) and turned into a PNG by sharp on libuv's threads,
 * since encoding the PNG in JavaScript took about 30 ms of the request loop per code.
 */
export function qrPng(value: string): Promise<Buffer> {
  const known = made.get(value);
  if (known) return known;
  const png = QRCode.toString(value, { type: 'svg', margin: 1, width: SIZE }).then((svg) => sharp(Buffer.from(svg)).png().toBuffer());
  png.catch(() => made.delete(value));
  if (made.size >= KEEP) made.delete(made.keys().next().value!);
  made.set(value, png);
  return png;
}
