/** Slot rules of the register layouts (spec part 1 sections 4 and 5). A slot holds a product id or '' (empty). */
export const TABLET_SLOTS = 24;
export type LayoutMode = 'mobile' | 'tablet';

/** Mobile: an emptied slot is removed, and when all slots are filled a new empty one is added. */
export function normaliseMobile(slots: readonly string[]): string[] {
  return [...slots.filter((slot) => slot !== ''), ''];
}

/** Tablet: at least 24 slots. */
export function normaliseTablet(slots: readonly string[]): string[] {
  return slots.length >= TABLET_SLOTS ? [...slots] : [...slots, ...Array<string>(TABLET_SLOTS - slots.length).fill('')];
}

export const normalise = (mode: LayoutMode, slots: readonly string[]) => (mode === 'mobile' ? normaliseMobile(slots) : normaliseTablet(slots));

/** Puts a product in a slot (or empties it with ''); a product placed elsewhere moves here. */
export function place(mode: LayoutMode, slots: readonly string[], index: number, productId: string): string[] {
  const next = slots.map((slot) => (productId !== '' && slot === productId ? '' : slot));
  next[index] = productId;
  if (mode === 'mobile' && productId !== '') {
    // keep the spot where the product lands when its old slot (before it) disappears
    const old = slots.indexOf(productId);
    if (old !== -1 && old < index) return normaliseMobile(next);
  }
  return normalise(mode, next);
}

/** Swaps two slots (dragging one slot onto another). */
export function swap(mode: LayoutMode, slots: readonly string[], from: number, to: number): string[] {
  const next = [...slots];
  [next[from], next[to]] = [next[to] ?? '', next[from] ?? ''];
  return normalise(mode, next);
}

/** Products no longer of the merchant are taken out. */
export function onlyKnown(mode: LayoutMode, slots: readonly string[], known: ReadonlySet<string>): string[] {
  return normalise(mode, slots.map((slot) => (known.has(slot) ? slot : '')));
}
