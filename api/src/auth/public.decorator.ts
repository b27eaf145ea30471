import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from './actor';

export const IS_PUBLIC = 'isPublic';
/** A route anyone may call without signing in. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The signed-in actor the auth guard attached to the request. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => context.switchToHttp().getRequest().actor);
