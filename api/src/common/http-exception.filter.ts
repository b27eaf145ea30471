import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { uniqueConflict } from './unique-conflict';

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
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    response.status(500).json({ message: 'Internal server error', statusCode: 500 });
  }
}
