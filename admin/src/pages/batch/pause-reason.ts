/** Why a batch paused, by the code the API puts before its detail ('provider-unavailable: …'). */
const PAUSE_REASONS: Record<string, string> = {
  'provider-unavailable': 'The provider could not be reached; the batch is paused',
  'service-off': 'The channel is switched off; the batch is paused',
  'render-limit': 'A message is too long to send; the batch is paused',
  'render-failed': 'A message could not be made from the template; the batch is paused',
};

/** The pause reason in words: the code's sentence, then the detail the API gives. */
export function pauseReasonText(reason: string, t: (key: string) => string): { title: string; detail: string } {
  const [, code = '', detail = reason] = /^([a-z-]+):\s*([\s\S]*)$/.exec(reason) ?? [];
  return { title: t(PAUSE_REASONS[code] ?? 'The batch is paused'), detail };
}
