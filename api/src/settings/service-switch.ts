import { ConflictException } from '@nestjs/common';
import type { OutsideServiceId } from '@backoffice/resources';
import { outsideService, serviceEnabled } from './outside-services';

/** 409 for a feature of a service the installation switched off (`{SWITCH}=false`), naming it. */
export function requireService(id: OutsideServiceId): void {
  if (!serviceEnabled(id)) throw new ConflictException({ message: outsideService(id).offMessage, reason: 'service-off', service: id });
}

/** The client, each of whose calls first requires its service: every path through it answers 409 while it is off. */
export function whenServiceOn<T extends object>(id: OutsideServiceId, client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        requireService(id);
        return value.apply(target, args);
      };
    },
  });
}
