import { type CanActivate, type ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { forbidden, notFound } from '../common/errors';
import { OBJECT_ID } from '@backoffice/resources';
import { DATABASE, type Database } from '../database/database';
import { IS_PUBLIC } from './public.decorator';
import { requestToken } from './request-token';
import { SessionService } from './session.service';

/** Every route needs a valid session unless marked @Public(); super admins may name another company. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<Request & Record<string, unknown>>();
    const found = requestToken(request);
    const session = found && (await this.sessions.resolve(found.token));
    if (!session) throw new UnauthorizedException({ message: 'Please sign in' });
    const actor = this.sessions.actorOf(session, session.companyId);
    const named = request.headers['x-company-id'];
    if (typeof named === 'string' && named && named !== session.companyId) {
      if (!actor.rights.has('super')) throw forbidden('Only super admins may act in another company');
      if (!OBJECT_ID.test(named) || (await this.db.query('SELECT 1 FROM company WHERE id = $1', [named])).length === 0) throw notFound(`No company with id ${named}`);
      request.actor = { ...actor, companyId: named };
    } else {
      request.actor = actor;
    }
    request.session = session;
    return true;
  }
}
