import { useNotification, useTranslate } from '@refinedev/core';
import { messageOf } from '../finance/finance-api';

/** Toasts of a finance call: the API's own message (Dutch when the dictionary knows it), else the fallback. */
export function useAnswerToasts() {
  const t = useTranslate();
  const { open } = useNotification();
  return {
    succeeded: (message: string, warning?: string) => open?.({ type: 'success', message: t(message), description: warning && t(warning) }),
    /** an answer that did nothing, with the reason as its message */
    skipped: (message: string) => open?.({ type: 'progress', message: t(message) }),
    failed: (error: unknown, fallback: string) => open?.({ type: 'error', message: t(messageOf(error, fallback)) }),
  };
}
