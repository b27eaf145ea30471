import type { OutsideServiceId } from '@backoffice/resources';
import { useTranslate } from '@refinedev/core';
import { Tooltip } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useMe } from '../providers/use-me';

/** The reason a switched-off outside service's features are unavailable (as the API words it), or null while it is on. */
export function useServiceOff(service: OutsideServiceId | null | undefined): string | null {
  const t = useTranslate();
  const message = useMe()?.servicesOff?.find((off) => off.service === service)?.message;
  return service && message ? t(message) : null;
}

/** Its child (a button) disabled, with the reason on hover, while the installation has the service switched off. */
export function NeedsService({ service, children }: { service: OutsideServiceId | null | undefined; children: ReactElement<{ disabled?: boolean }> }) {
  const off = useServiceOff(service);
  if (!off) return children;
  return (
    <Tooltip title={off}>
      <span data-service-off={service}>{cloneElement(children, { disabled: true })}</span>
    </Tooltip>
  );
}
