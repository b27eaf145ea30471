import { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { errorAnswer } from '../common/http-exception.filter';
import type { WriteProgress } from '../records/write-pipeline';

const PROGRESS_TYPE = 'application/x-ndjson';

const logger = new Logger('Error');

/**
 * Answers a long write. A client that accepts `application/x-ndjson` gets a 200 at once and then one JSON object
 * per line: `{"progress":{"stage":"validated"|"written","rows":n}}` as the work goes on, and last
 * `{"status":..., "body":...}`, the status and body the plain answer would have had (422 with its decline, ...).
 * Any other client gets the plain answer.
 */
export async function answerWithProgress(response: Response, accept: string | undefined, work: (onProgress?: WriteProgress) => Promise<unknown>): Promise<void> {
  if (!accept?.includes(PROGRESS_TYPE)) {
    response.status(200).json(await work());
    return;
  }
  response.status(200);
  response.setHeader('Content-Type', `${PROGRESS_TYPE}; charset=utf-8`);
  response.flushHeaders();
  const line = (value: unknown) => !response.destroyed && response.write(`${JSON.stringify(value)}\n`);
  try {
    const body = await work((stage, rows) => line({ progress: { stage, rows } }));
    line({ status: 200, body });
  } catch (error) {
    line(errorAnswer(error, logger));
  }
  response.end();
}
