import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { type NextFunction, type Request, type Response, json } from 'express';
import { AppModule } from './app.module';
import { serveAdmin } from './common/admin-assets';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { originCheck } from './common/origin-check.middleware';
import { noStore, parseQueryString, requestHygiene } from './common/request-hygiene';
import { requestLog } from './common/request-log.middleware';
import { securityHeaders } from './common/security-headers';
import type { AppConfig } from './config';
import type { Database } from './database/database';
import { METRICS, type Metrics } from './metrics/metrics';
import { buildOpenApi } from './openapi/openapi-document';

/** The configured Nest app on an open, migrated database; the same for the server and the tests. */
export async function createApp(config: AppConfig, db: Database): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, db), { logger: ['error', 'warn'], bodyParser: false });
  app.disable('x-powered-by');
  // API answers are never cached (noStore), so hashing every body for an ETag is wasted; assets have their own
  app.disable('etag');
  app.set('query parser', parseQueryString);
  app.set('trust proxy', config.trustProxy);
  const metrics = app.get<Metrics | null>(METRICS);
  if (metrics) app.use(metrics.timeRequests);
  app.use(requestLog(config.requestLog));
  app.use(noStore);
  app.use(jsonBody);
  app.use(securityHeaders);
  app.use(cookieParser());
  app.use(originCheck);
  app.use(requestHygiene);
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpExceptionFilter());
  SwaggerModule.setup('api/docs', app, () => buildOpenApi(app), { jsonDocumentUrl: 'api/docs-json' });
  serveAdmin(app, config.adminDir);
  keepConnectionsOpen(app);
  await app.init();
  return app;
}

/**
 * Idle keep-alive connections stay open for a minute. Node's default of 5 s is shorter than the idle time of
 * browsers and load balancers (60 s and more), so a client could send a request on a connection the server was
 * closing at that moment and get a reset. Headers may take a second longer than that, as Node requires.
 */
function keepConnectionsOpen(app: INestApplication): void {
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 61_000;
  server.headersTimeout = 62_000;
}

/** Import and export bodies carry up to 100 000 rows or 99 999 ids; every other body is a form or a command. */
const TRANSFER_ROUTE = /^\/api\/company\/model\/[^/]+\/(import(\/patch)?|export(\/(csv|xlsx))?)$/;
const transferJson = json({ limit: '50mb' });
const formJson = json({ limit: '1mb' });

/** JSON bodies, with a size limit by route (413 over it). */
function jsonBody(request: Request, response: Response, next: NextFunction): void {
  (TRANSFER_ROUTE.test(request.path) ? transferJson : formJson)(request, response, next);
}
