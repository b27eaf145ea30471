import { findResource, resolveField } from '@backoffice/resources';
import { choiceLabel } from '../../definitions/screens';

/** A payment's or transaction's state in words, or that it has none. */
export function stateText(model: 'payment' | 'transaction', state: string | null | undefined, t: (key: string) => string): string {
  return state ? t(choiceLabel(resolveField(findResource(model)!, 'state.id'), state)) : t('No state id');
}
