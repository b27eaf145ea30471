import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);
const processPart = randomBytes(5).toString('hex');

/** A 24-hex ObjectId-style id whose leading 4 bytes are the creation time in seconds. */
export function newId(at: Date = new Date()): string {
  counter = (counter + 1) % 0xffffff;
  const seconds = Math.floor(at.getTime() / 1000).toString(16).padStart(8, '0');
  return seconds + processPart + counter.toString(16).padStart(6, '0');
}

export function idTime(id: string): Date {
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
