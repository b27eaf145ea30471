import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { uniqueConflict } from './unique-conflict';

/** PostgreSQL's code for a statement stopped by statement_timeout (or a cancel). */
const QUERY_CANCELED = '57014';
/** PostgreSQL's class of errors about a value: out of range, malformed, not storable text. */
const DATA_EXCEPTION_CLASS = '22';
/** PostgreSQL's code for a value past one of its limits: an index entry too large (a btree's is about 2.7 kB). */
const PROGRAM_LIMIT_EXCEEDED = '54000';

/** The status and body an error answers: `{ message, errors?, statusCode }`; unexpected ones are logged and answer 500 without details. */
export function errorAnswer(exception: unknown, logger: Logger): { status: number; body: Record<string, unknown> } {
  exception = uniqueConflict(exception) ?? exception;
  const answer = (status: number, body: Record<string, unknown>) => ({ status, body: { ...body, statusCode: status } });
  if (exception instanceof HttpException) {
    const body = exception.getResponse();
    const shaped: Record<string, unknown> = typeof body === 'string' ? { message: body } : { ...(body as object) };
    if (Array.isArray(shaped.message)) shaped.message = shaped.message.join('; ');
    return answer(exception.getStatus(), shaped);
  }
  const bodyParser = exception as { type?: string; status?: number };
  if (bodyParser?.type === 'entity.parse.failed') return answer(400, { message: 'The request body is not valid JSON' });
  if (bodyParser?.type === 'entity.too.large') return answer(413, { message: 'The request body is too large' });
  const code = (exception as { code?: unknown })?.code;
  if (code === QUERY_CANCELED) return answer(503, { message: 'The request took too long and was stopped; narrow it down (filters, a shorter search) and try again' });
  if (typeof code === 'string' && code.startsWith(DATA_EXCEPTION_CLASS)) {
    // the request's checks should have named the field; reaching here is a gap in them, so it is logged
    logger.warn(`database refused a value: ${exception instanceof Error ? exception.message : String(exception)}`);
    return answer(400, { message: 'A value in the request cannot be stored or compared', reason: 'database-refused' });
  }
  if (code === PROGRAM_LIMIT_EXCEEDED) {
    logger.warn(`database limit reached: ${exception instanceof Error ? exception.message : String(exception)}`);
    return answer(400, {
      message: 'A text in the request is too long to be indexed: the texts a record is searched and sorted by take at most about 2 700 bytes together; shorten the longest',
      reason: 'database-limit',
    });
  }
  logger.error(exception instanceof Error ? exception.stack : String(exception));
  return answer(500, { message: 'Internal server error' });
}

/** Every error of every route answers through errorAnswer, or ends the stream it broke off. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const { status, body } = errorAnswer(exception, this.logger);
    const response = host.switchToHttp().getResponse<Response>();
    // a download already under way cannot take an error answer: cutting it off tells the client it is incomplete
    if (response.headersSent) response.destroy();
    else response.status(status).json(body);
  }
}
