import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { useMemo } from 'react';

/** Toasts through antd's App context (the same look as Refine's antd provider, without its layout code). */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      open: ({ key, message, description, type }) => {
        const kind = type === 'progress' ? 'info' : type;
        notification[kind]({ key, message, description, placement: 'topRight' });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification],
  );
}
