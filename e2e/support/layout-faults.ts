import { expect, type Page } from '@playwright/test';

/** Waits until the page has loaded what it shows: the network quiet and no spinner turning. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * What is wrong with the layout of the page on screen, scrolled to its top, one line per fault:
 * - the page is wider than the screen, or something visible reaches past its left or right edge (what a scrolling
 *   box such as a table's holds counts as far as the box shows it);
 * - something of the header spills out of it, or something of the page lies under it;
 * - a word breaks over lines inside its letters (a squeezed column printing a label one letter per line), or an
 *   amount shown on its own between its symbol and figure.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class') ?? '').split(' ')[0]}">${text ? ` "${text}"` : ''}`;
    };
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' ? box : null;
    };
    /** The part of an element its clipping ancestors let show. */
    const visiblePart = (element: Element, box: DOMRect) => {
      let { left, right, top, bottom } = box;
      for (let parent = element.parentElement; parent && parent !== document.documentElement; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const clip = parent.getBoundingClientRect();
          if (style.overflowX !== 'visible') [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
          if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        }
        if (style.position === 'fixed') break;
      }
      return right > left && bottom > top ? { left, right, top, bottom } : null;
    };

    if (document.documentElement.scrollWidth > width + 1) faults.push(`the page is ${document.documentElement.scrollWidth} px wide on a screen of ${width} px`);
    for (const element of document.body.querySelectorAll('*')) {
      const box = shown(element);
      if (!box || (box.right <= width + 1 && box.left >= -1)) continue;
      const part = visiblePart(element, box);
      if (part && (part.right > width + 1 || part.left < -1)) faults.push(`${name(element)} reaches past the screen's edge (${Math.round(part.left)} to ${Math.round(part.right)} px)`);
    }

    const header = document.querySelector('.ant-layout-header');
    const headerBox = header && shown(header);
    if (header && headerBox) {
      for (const element of header.querySelectorAll('*')) {
        const box = shown(element);
        if (box && getComputedStyle(element).position !== 'fixed' && (box.bottom > headerBox.bottom + 1 || box.top < headerBox.top - 1)) faults.push(`${name(element)} spills out of the header`);
      }
      for (const element of document.querySelectorAll('.ant-layout-content *')) {
        const box = shown(element);
        if (box && box.top < headerBox.bottom - 1 && box.bottom > headerBox.top && box.left < headerBox.right && box.right > headerBox.left) faults.push(`${name(element)} lies under the header`);
      }
    }

    // a table's header cell stands elsewhere than its column's cells (a kept column's header shifted over the next)
    for (const table of document.querySelectorAll('.ant-table')) {
      const heads = [...table.querySelectorAll(':scope .ant-table-thead > tr:first-child > th')];
      const cells = [...(table.querySelector('.ant-table-tbody > tr.ant-table-row')?.children ?? [])];
      if (heads.length !== cells.length || heads.some((head) => (head as HTMLTableCellElement).colSpan > 1)) continue;
      heads.forEach((head, index) => {
        const [headBox, cellBox] = [head.getBoundingClientRect(), cells[index].getBoundingClientRect()];
        if (Math.abs(headBox.left - cellBox.left) > 1 || Math.abs(headBox.right - cellBox.right) > 1) {
          faults.push(`${name(head)} stands at ${Math.round(headBox.left)} to ${Math.round(headBox.right)} px, its column at ${Math.round(cellBox.left)} to ${Math.round(cellBox.right)} px`);
        }
      });
    }

    // a word breaks over lines inside its letters, or an amount of its own between its symbol and figure; a break at
    // a space or a hyphen is ordinary wrapping
    const range = document.createRange();
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const holder = node.parentElement;
      if (!holder || !shown(holder)) continue;
      const text = node.textContent ?? '';
      // an amount counts when it stands on its own (a cell, a total), not inside a sentence
      const tokens = /^\s*-?[€$]\s?\d[\d.,]*\s*$/u.test(text) ? /-?[€$]\s?\d[\d.,]*/gu : /[\p{L}\p{N}]{2,25}/gu;
      for (const word of text.matchAll(tokens)) {
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) faults.push(`"${word[0]}" breaks over ${lines.size} lines in ${name(holder)}`);
      }
    }
    return [...new Set(faults)];
  });
}
