import { IMPORT_PROGRESS_TYPE, type ImportProgressLine } from '@backoffice/resources';
import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { errorAnswer } from '../common/http-exception.filter';
import type { WriteProgress } from '../records/write-pipeline';

const logger = new Logger('Error');

/**
 * Answers a long write. A client that accepts `application/x-ndjson` gets a 200 at once and then one JSON object
 * per line: `{"progress":{"stage":"validated"|"written","rows":n}}` as the work goes on, and last
 * `{"status":..., "body":...}`, the status and body the plain answer would have had (422 with its decline, ...).
 * Any other client gets the plain answer.
 */
export async function answerWithProgress(response: Response, accept: string | undefined, work: (onProgress?: WriteProgress) => Promise<unknown>): Promise<void> {
  if (!accept?.includes(IMPORT_PROGRESS_TYPE)) {
    response.status(200).json(await work());
    return;
  }
  response.status(200);
  response.setHeader('Content-Type', `${IMPORT_PROGRESS_TYPE}; charset=utf-8`);
  response.flushHeaders();
  const line = (value: ImportProgressLine) => !response.destroyed && response.write(`${JSON.stringify(value)}\n`);
  try {
    const body = await work((stage, rows) => line({ progress: { stage, rows } }));
    line({ status: 200, body });
  } catch (error) {
    const { status, body } = errorAnswer(error, logger);
    line({ status, body });
  }
  response.end();
}
