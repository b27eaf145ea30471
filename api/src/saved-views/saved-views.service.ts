import { Injectable } from '@nestjs/common';
import type { ReaderView } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { RecordService } from '../records/record.service';

/** Views a list holds at most. */
const MAX_VIEWS = 200;

/** The saved views of a list as their reader may use them. */
@Injectable()
export class SavedViewsService {
  constructor(private readonly records: RecordService) {}

  /**
   * The views of a model's list the actor may read (their own and the shared ones: the owner rule), by name, each
   * without the fields the model no longer has or the actor may not read, those named in `dropped` (the savedView
   * model reads so on every path).
   */
  async forList(model: string, actor: Actor): Promise<ReaderView[]> {
    // refuses a model the actor may not read, or one that does not exist
    this.records.resource(model, actor, 'read');
    const { records } = await this.records.list('savedView', actor, { model, _sort: 'name.full', _order: 'asc', _start: '0', _end: String(MAX_VIEWS) });
    return records as unknown as ReaderView[];
  }
}
