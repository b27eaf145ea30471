import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { FakeService } from '../../outside/fake-services';
import { listenFake, readJson, sendJson } from '../fake-http';

const MAX_SIDE = 2048;

/** Simple shapes in colours drawn from the prompt and seed: the same request always gives the same picture. */
export async function drawSuggestion(prompt: string, width: number, height: number, seed: number): Promise<Buffer> {
  const hash = createHash('sha256').update(`${prompt}\u0000${seed}`).digest();
  const colour = (offset: number) => `rgb(${hash[offset]},${hash[offset + 1]},${hash[offset + 2]})`;
  const shapes = Array.from({ length: 4 }, (_, index) => {
    const cx = Math.round((hash[6 + index] / 255) * width);
    const cy = Math.round((hash[10 + index] / 255) * height);
    const r = Math.round((0.15 + (hash[14 + index] / 255) * 0.35) * Math.min(width, height));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour(18 + index * 3)}" fill-opacity="0.8"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour(0)}"/>${shapes.join('')}<rect x="${width * 0.1}" y="${height * 0.4}" width="${width * 0.8}" height="${height * 0.2}" fill="${colour(3)}" fill-opacity="0.6"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A local image generation service (API documented in ai-image-client.ts) that draws simple PNGs. */
export async function startAiImageFake() {
  const server = await listenFake(async (request, response, url) => {
    if (url.pathname !== '/v1/images' || request.method !== 'POST') return sendJson(response, 404, { error: 'not-found' });
    const body = (await readJson(request)) as { prompt?: unknown; width?: unknown; height?: unknown; seed?: unknown } | undefined;
    const prompt = typeof body?.prompt === 'string' ? body.prompt.trim() : '';
    const side = (value: unknown) => (Number.isInteger(value) && (value as number) >= 16 && (value as number) <= MAX_SIDE ? (value as number) : null);
    const width = side(body?.width ?? 512);
    const height = side(body?.height ?? 512);
    if (!prompt || !width || !height) return sendJson(response, 400, { error: 'prompt, width and height (16 to 2048) are required' });
    const png = await drawSuggestion(prompt, width, height, Number(body?.seed ?? 0));
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(png.length) });
    response.end(png);
  });
  return { url: server.origin, close: server.close };
}

export const aiImageFakeService: FakeService = {
  name: 'AI images',
  urlVariable: 'AI_IMAGE_URL',
  start: startAiImageFake,
};
