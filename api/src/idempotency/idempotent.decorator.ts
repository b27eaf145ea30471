import { UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/** A write that moves money or sends messages: takes an Idempotency-Key (IdempotencyInterceptor). */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'A unique key per intended action (a UUID): the same key with the same request answers the first answer again for 24 h, with another request 422',
    }),
  );
