import { retryAfterSeconds } from '../../outside/retry-after';
import { aiImageConfig, outsideTimeoutMs } from '../merchant-config';

/**
 * The image generation service as this client uses it (documented here; the local fake speaks the same):
 *
 *   POST {AI_IMAGE_URL}/v1/images  {"prompt": text, "width": px, "height": px, "seed": integer}
 *     200 image/png   the generated image's bytes
 *     400 {"error"}   the prompt was refused;  401 token refused;  429 with Retry-After;  5xx unavailable
 *
 * An optional "Authorization: Bearer {AI_IMAGE_TOKEN}" is sent. One image per call: n suggestions are n calls with
 * different seeds.
 */
export class AiImageError extends Error {
  constructor(
    readonly problem: 'not-configured' | 'refused' | 'unauthorized' | 'rate-limited' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export class AiImageClient {
  async generate(prompt: string, size: { width: number; height: number }, seed: number): Promise<Buffer> {
    const { url, token } = aiImageConfig();
    if (!url) throw new AiImageError('not-configured', 'Image suggestions are not configured: set AI_IMAGE_URL');
    let response: Response;
    try {
      response = await fetch(`${url}/v1/images`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'image/png', ...(token && { Authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ prompt, width: size.width, height: size.height, seed }),
        signal: AbortSignal.timeout(outsideTimeoutMs() * 3),
      });
    } catch (error) {
      throw new AiImageError('unavailable', `Could not reach the image service: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (response.status === 400) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      throw new AiImageError('refused', `The image service refused the prompt: ${body.error ?? 'no reason given'}`);
    }
    if (response.status === 401) throw new AiImageError('unauthorized', 'The image service refused the token (401): check AI_IMAGE_TOKEN');
    if (response.status === 429) throw new AiImageError('rate-limited', `The image service is busy: try again in ${retryAfterSeconds(response.headers.get('Retry-After')) ?? 'a few'} seconds`);
    if (!response.ok) throw new AiImageError('unavailable', `The image service answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new AiImageError('unavailable', 'The image service answered something other than a PNG');
    return bytes;
  }
}
