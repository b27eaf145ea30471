import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { invalid } from '../common/errors';
import { APP_CONFIG } from '../common/tokens';
import { servicesOff } from '../settings/outside-services';
import { installationMapTiles } from '../settings/map-tiles';
import type { AppConfig } from '../config';
import { DATABASE, type Database } from '../database/database';
import type { Actor } from './actor';
import { CurrentActor, Public } from './public.decorator';
import { SESSION_COOKIE, requestToken } from './request-token';
import type { SessionUser } from './session.service';
import { SessionService } from './session.service';
import { SignInService } from './sign-in.service';

type Doc = Record<string, unknown>;

function userSummary(id: string, doc: Doc) {
  return { _id: id, email: (doc.email as Doc | undefined)?.value ?? null, name: doc.name ?? {} };
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly signIns: SignInService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const { email, password } = (body ?? {}) as Doc;
    const errors = [
      ...(typeof email === 'string' && email.trim() ? [] : [{ field: 'email', message: 'email is required' }]),
      ...(typeof password === 'string' && password ? [] : [{ field: 'password', message: 'password is required' }]),
    ];
    if (errors.length > 0) throw invalid('Enter your email and password', errors);
    // the socket's address, or the client a trusted proxy names (TRUST_PROXY)
    const session = await this.signIns.signIn(email as string, password as string, request.ip ?? request.socket.remoteAddress ?? '');
    response.cookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.secureCookies || request.secure,
      path: '/',
      expires: session.expires,
    });
    return { token: session.token, expires: session.expires.toISOString(), userId: session.userId, companyId: session.companyId };
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const found = requestToken(request);
    if (found) await this.sessions.revoke(found.token);
    response.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @Get('me')
  async me(@CurrentActor() actor: Actor, @Req() request: Request & { session: SessionUser }) {
    const session = request.session;
    const [company] = actor.companyId === session.companyId
      ? [{ id: session.companyId, doc: session.company }]
      : await this.db.query<{ id: string; doc: Doc }>('SELECT id, doc FROM company WHERE id = $1', [actor.companyId]);
    const companies = actor.rights.has('super')
      ? (await this.db.query<{ id: string; name: unknown }>(`SELECT id, doc -> 'name' AS name FROM company ORDER BY doc #>> '{name,full}'`)).map((row) => ({ _id: row.id, name: row.name }))
      : undefined;
    return {
      user: userSummary(session.userId, session.user),
      company: { _id: company.id, name: company.doc.name ?? {}, settings: { payment: (company.doc.settings as Doc | undefined)?.payment ?? {} } },
      homeCompanyId: session.companyId,
      rights: [...actor.rights],
      thirdParty: actor.thirdParty,
      access: actor.access,
      ...(companies && { companies }),
      servicesOff: servicesOff(),
      mapTiles: installationMapTiles(),
    };
  }
}
