import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/public.decorator';
import { SessionService } from '../auth/session.service';
import { APP_CONFIG } from '../common/tokens';
import type { AppConfig } from '../config';
import { DashboardService } from './dashboard.service';

/** The blocks editor gets a token that outlives its hand-over briefly, never the session token itself. */
export const EDITOR_TOKEN_LIFETIME_MS = 10 * 60_000;

@ApiTags('dashboard')
@Controller('company/dashboard')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Tabs of the personal dashboard: one per model the user may read, with its rows (by name, up to 5000) and whether the user may create' })
  async get(@CurrentActor() actor: Actor) {
    return { tabs: await this.dashboard.tabs(actor), blocksEditorUrl: this.config.blocksEditorUrl };
  }

  @Post('editor-token')
  @HttpCode(201)
  @ApiOperation({ summary: 'A short-lived token (10 minutes) for the external blocks editor, separate from the session' })
  async editorToken(@CurrentActor() actor: Actor) {
    const { token, expires } = await this.sessions.open(actor.userId, actor.homeCompanyId, EDITOR_TOKEN_LIFETIME_MS);
    return { token, expires: expires.toISOString() };
  }
}
