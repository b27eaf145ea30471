import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders its children just after what is on screen has been drawn, or at once when they are (`now`): the hidden
 * parts a form keeps mounted (the other tabs of an edit screen, whose fields it saves) then cost the first paint
 * nothing.
 */
export function AfterFirstPaint({ now = false, children }: { now?: boolean; children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn || now ? children : null;
}
