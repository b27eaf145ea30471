import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BadRequestException, type CallHandler, ConflictException, type ExecutionContext, HttpException, Inject, Injectable, type NestInterceptor,
  UnprocessableEntityException,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import type { Request, Response } from 'express';
import { type Observable, from, lastValueFrom } from 'rxjs';
import type { Actor } from '../auth/actor';
import { DATABASE, type Database } from '../database/database';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is kept (the IETF draft's suggestion for money and messages). */
const KEPT_HOURS = 24;
/** How long a repeat waits for the first request with its key to answer before it is told to try later. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 50;

/** The key as sent: an sf-string (`"…"`, the draft's form) or bare, as most clients send it; printable ASCII, at most 255. */
function keyOf(request: Request): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = String(raw).trim().replace(/^"(.*)"$/, '$1');
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new BadRequestException({ message: 'Idempotency-Key must be 1 to 255 printable ASCII characters', errors: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }] });
  return key;
}

/** What makes two requests the same: method, path with its query, and body. */
const fingerprintOf = (request: Request) => createHash('sha256').update(JSON.stringify([request.method, request.originalUrl, request.body ?? null])).digest('hex');

/**
 * The Idempotency-Key header (IETF draft-ietf-httpapi-idempotency-key-header) on writes that move money or send
 * messages: the first request with a key runs and its answer is kept 24 h in the database (so every API process
 * sees it); the same key with the same request gets that answer again (`Idempotent-Replayed: true`), waiting while
 * the first still runs; the same key with another request answers 422. A failure that is not an answer (a 5xx)
 * frees the key, so the client may try again. Without the header the request runs as usual.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private lastCleanup = 0;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.answer(context, next));
  }

  private async answer(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const request = context.switchToHttp().getRequest<Request & { actor: Actor }>();
    const key = keyOf(request);
    if (!key) return lastValueFrom(next.handle());
    await this.forgetExpired();
    const { actor } = request;
    const fingerprint = fingerprintOf(request);
    const [claimed] = await this.db.query(
      `INSERT INTO idempotency_key (user_id, key, company_id, fingerprint) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, key) DO UPDATE SET company_id = excluded.company_id, fingerprint = excluded.fingerprint, status = NULL, body = NULL, created_at = now()
         WHERE idempotency_key.created_at < now() - make_interval(hours => ${KEPT_HOURS})
       RETURNING 1`,
      [actor.userId, key, actor.companyId, fingerprint],
    );
    if (!claimed) return this.replay(context, actor.userId, key, fingerprint);
    try {
      const body = await lastValueFrom(next.handle());
      const status = Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) ?? (request.method === 'POST' ? 201 : 200);
      await this.keep(actor.userId, key, status, body ?? null);
      return body;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) await this.keep(actor.userId, key, error.getStatus(), error.getResponse());
      else await this.db.query('DELETE FROM idempotency_key WHERE user_id = $1 AND key = $2', [actor.userId, key]);
      throw error;
    }
  }

  private keep(userId: string, key: string, status: number, body: unknown): Promise<unknown> {
    return this.db.query('UPDATE idempotency_key SET status = $3, body = $4::jsonb WHERE user_id = $1 AND key = $2', [userId, key, status, JSON.stringify(body)]);
  }

  private async replay(context: ExecutionContext, userId: string, key: string, fingerprint: string): Promise<unknown> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const [kept] = await this.db.query<{ fingerprint: string; status: number | null; body: unknown }>('SELECT fingerprint, status, body FROM idempotency_key WHERE user_id = $1 AND key = $2', [userId, key]);
      if (kept && kept.fingerprint !== fingerprint) throw new UnprocessableEntityException({ message: 'This Idempotency-Key was used for another request: send a new key for a new request', reason: 'idempotency-key-reused' });
      if (kept?.status != null) {
        context.switchToHttp().getResponse<Response>().setHeader('Idempotent-Replayed', 'true');
        if (kept.status >= 400) throw new HttpException(kept.body as Record<string, unknown>, kept.status);
        return kept.body;
      }
      // no row: the first failed and freed the key, so this one may run it, but only by asking again
      if (!kept) throw new ConflictException({ message: 'The first request with this Idempotency-Key failed: send it again', reason: 'idempotency-key-freed' });
      if (Date.now() > deadline) throw new ConflictException({ message: 'A request with this Idempotency-Key is still being processed: try again later', reason: 'idempotency-key-in-progress' });
      await sleep(POLL_MS);
    }
  }

  /** Keys older than 24 h, at most once a minute per process. */
  private async forgetExpired(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.db.query(`DELETE FROM idempotency_key WHERE created_at < now() - make_interval(hours => ${KEPT_HOURS})`);
  }
}
