import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { shutdownSignal } from '../common/process-lifecycle';
import { DATABASE, type Database } from '../database/database';
import { migrationFiles, pendingMigrations } from '../database/migrations';

/** Liveness and readiness, for orchestrators and load balancers; neither needs a sign-in nor says more than its state. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly committedMigrations = migrationFiles().map((migration) => migration.name);

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The process lives and its event loop turns. */
  @Public()
  @Get()
  health() {
    return { status: 'ok' };
  }

  /** Ready for requests: not shutting down, the database answers and every committed migration is applied. */
  @Public()
  @Get('ready')
  async ready() {
    if (shutdownSignal.aborted) throw new ServiceUnavailableException({ message: 'Shutting down', status: 'stopping' });
    let pending: string[];
    try {
      pending = await pendingMigrations(this.db, this.committedMigrations);
    } catch {
      throw new ServiceUnavailableException({ message: 'Database unavailable', status: 'unavailable' });
    }
    if (pending.length > 0) throw new ServiceUnavailableException({ message: `Migrations not applied: ${pending.join(', ')}`, status: 'migrating' });
    return { status: 'ready', database: this.db.kind };
  }
}
