import type { ModalStaticFunctions } from 'antd/es/modal/confirm';

/** A tablet register shows 24 products; creating or duplicating from 24 on asks first (spec part 1 section 5). */
export const PRODUCT_LIMIT = 24;
export const PRODUCT_LIMIT_TITLE = 'Are you sure?';
export const PRODUCT_LIMIT_TEXT = 'A tablet register can only display 24 products. Adding more products means some will not be visible. Do you want to continue?';

/** Runs `action` at once under the limit, otherwise after the user confirms. */
export function withProductLimit(count: number, modal: Pick<ModalStaticFunctions, 'confirm'>, t: (key: string) => string, action: () => void): void {
  if (count < PRODUCT_LIMIT) return action();
  modal.confirm({ title: t(PRODUCT_LIMIT_TITLE), content: t(PRODUCT_LIMIT_TEXT), okText: t('Continue'), cancelText: t('buttons.cancel'), onOk: action });
}
