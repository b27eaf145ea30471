import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { uniqueConflict } from './unique-conflict';

/** PostgreSQL's code for a statement stopped by statement_timeout (or a cancel). */
const QUERY_CANCELED = '57014';
/** PostgreSQL's class of errors about a value: out of range, malformed, not storable text. */
const DATA_EXCEPTION_CLASS = '22';

/** Every error answers `{ message, errors?, statusCode }`; unexpected ones are logged and answer 500 without details. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    exception = uniqueConflict(exception) ?? exception;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const shaped = typeof body === 'string' ? { message: body } : { ...(body as object) };
      const message = (shaped as { message?: unknown }).message;
      if (Array.isArray(message)) (shaped as { message: unknown }).message = message.join('; ');
      response.status(status).json({ ...shaped, statusCode: status });
      return;
    }
    const bodyParser = exception as { type?: string; status?: number };
    if (bodyParser?.type === 'entity.parse.failed') {
      response.status(400).json({ message: 'The request body is not valid JSON', statusCode: 400 });
      return;
    }
    if (bodyParser?.type === 'entity.too.large') {
      response.status(413).json({ message: 'The request body is too large', statusCode: 413 });
      return;
    }
    const code = (exception as { code?: unknown })?.code;
    if (code === QUERY_CANCELED) {
      response.status(503).json({ message: 'The request took too long and was stopped; narrow it down (filters, a shorter search) and try again', statusCode: 503 });
      return;
    }
    if (typeof code === 'string' && code.startsWith(DATA_EXCEPTION_CLASS)) {
      // the request's checks should have named the field; reaching here is a gap in them, so it is logged
      this.logger.warn(`database refused a value: ${exception instanceof Error ? exception.message : String(exception)}`);
      response.status(400).json({ message: 'A value in the request cannot be stored or compared', reason: 'database-refused', statusCode: 400 });
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    response.status(500).json({ message: 'Internal server error', statusCode: 500 });
  }
}
