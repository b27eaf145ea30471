import { BadGatewayException, HttpException, HttpStatus, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { findResource, resolveField } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { invalid } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import type { Doc } from '../../records/record-repository';
import { whenServiceOn } from '../../settings/service-switch';
import { AiImageClient, AiImageError } from './ai-image-client';

export const DEFAULT_SUGGESTIONS = 4;
export const MAX_SUGGESTIONS = 8;
/** One request per second per user (spec: throttled to 1 per second). */
export const THROTTLE_MS = 1000;
const MAX_PROMPT = 1000;

export interface SuggestionRequest {
  prompt: string;
  n: number;
  width: number;
  height: number;
}

/** The size of an image field: its minimum width at its first ratio (a 12:5 banner of 1024 px is 1024 x 427, rounded up). */
export function sizeFor(model: unknown, field: unknown): { width: number; height: number } {
  if (model === undefined && field === undefined) return { width: 512, height: 512 };
  const def = typeof model === 'string' ? findResource(model) : undefined;
  const image = def && typeof field === 'string' ? resolveField(def, field) : undefined;
  if (!image || image.kind !== 'image') throw invalid(`Unknown image field "${String(field)}" on ${String(model)}`, [{ field: 'field', message: 'unknown image field' }]);
  const width = Math.max(512, image.image?.minWidth ?? 512);
  const [w, h] = image.image?.ratios?.[image.image.ratios.length - 1] ?? [1, 1];
  return { width: Math.ceil(width / w) * w, height: (Math.ceil(width / w) * w * h) / w };
}

@Injectable()
export class AiImageSuggestions {
  readonly client = whenServiceOn('aiImage', new AiImageClient());

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  parse(body: Doc): SuggestionRequest {
    const prompt = typeof body.prompt === 'string' ? body.prompt.trim() : '';
    if (!prompt || prompt.length > MAX_PROMPT) throw invalid(`Describe the image in 1 to ${MAX_PROMPT} characters`, [{ field: 'prompt', message: 'is required, at most 1000 characters' }]);
    const n = body.n === undefined || body.n === null ? DEFAULT_SUGGESTIONS : Number(body.n);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SUGGESTIONS) throw invalid(`n must be a whole number from 1 to ${MAX_SUGGESTIONS}`, [{ field: 'n', message: `from 1 to ${MAX_SUGGESTIONS}` }]);
    return { prompt, n, ...sizeFor(body.model, body.field) };
  }

  /** n PNG suggestions, at most one request per second per user. */
  async generate(actor: Actor, request: SuggestionRequest): Promise<Buffer[]> {
    if (!(await this.mayRequest(actor.userId))) {
      throw new HttpException({ message: 'One image request per second: wait a moment and try again' }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const seed = Math.floor(Math.random() * 1_000_000);
    try {
      return await Promise.all(Array.from({ length: request.n }, (_, index) => this.client.generate(request.prompt, request, seed + index)));
    } catch (error) {
      if (!(error instanceof AiImageError)) throw error;
      if (error.problem === 'not-configured') throw new ServiceUnavailableException({ message: error.message });
      if (error.problem === 'refused') throw invalid(error.message, [{ field: 'prompt', message: error.message }]);
      if (error.problem === 'rate-limited') throw new HttpException({ message: error.message }, HttpStatus.TOO_MANY_REQUESTS);
      throw new BadGatewayException({ message: error.message });
    }
  }

  /**
   * Takes this second's request of the user, or answers false when another API process or this one took it less
   * than a second ago. One statement: of two requests at once, the second waits for the first's row and then
   * finds it too recent.
   */
  private async mayRequest(userId: string): Promise<boolean> {
    const taken = await this.db.query(
      `INSERT INTO ai_image_request AS request (user_id, last_at) VALUES ($1, clock_timestamp())
       ON CONFLICT (user_id) DO UPDATE SET last_at = clock_timestamp() WHERE request.last_at <= clock_timestamp() - make_interval(secs => $2)
       RETURNING 1`,
      [userId, THROTTLE_MS / 1000],
    );
    return taken.length > 0;
  }
}
