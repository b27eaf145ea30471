import type { TablePaginationConfig } from 'antd';
import { cloneElement, isValidElement, type ReactElement } from 'react';

/** The link with `currentPage` set to the page: Refine's pager gave every link the page on screen. */
export function linkToPage(to: string, page: number): string {
  if (/[?&]currentPage=[^&]*/.test(to)) return to.replace(/([?&])currentPage=[^&]*/, `$1currentPage=${page}`);
  return `${to}${to.includes('?') ? '&' : '?'}currentPage=${page}`;
}

/**
 * The pager with each link naming its own page, for a page opened in a new tab. Refine keeps the URL's
 * parameters it does not know in each link and misses that `currentPage` is its own (it skips `current`, the
 * old name), so the page on screen overrode the link's.
 */
export function withPageLinks(pagination: false | TablePaginationConfig | undefined): false | TablePaginationConfig | undefined {
  const itemRender = pagination ? pagination.itemRender : undefined;
  if (!pagination || !itemRender) return pagination;
  return {
    ...pagination,
    itemRender: (page, type, element) => {
      const rendered = itemRender(page, type, element);
      if (!isValidElement(rendered)) return rendered;
      const { to } = (rendered as ReactElement<{ to?: unknown }>).props;
      return typeof to === 'string' ? cloneElement(rendered as ReactElement<{ to?: string }>, { to: linkToPage(to, page) }) : rendered;
    },
  };
}

/**
 * The pager of a table that keeps its page out of the URL (a tab of a record's page): antd's own page buttons.
 * Refine links each of them to a URL with the page as a query, which such a page ignores when opened in a new tab.
 */
export function withoutPageLinks(pagination: false | TablePaginationConfig | undefined): false | TablePaginationConfig | undefined {
  return pagination ? { ...pagination, itemRender: (_page, _type, element) => element } : pagination;
}
