import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { DATABASE, type Database } from '../database/database';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Answers when the database does. */
  @Public()
  @Get()
  async health() {
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', database: this.db.kind };
    } catch {
      throw new ServiceUnavailableException({ message: 'Database unavailable' });
    }
  }
}
