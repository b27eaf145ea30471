import { describe, expect, it } from 'vitest';
import { linkToPage } from './page-links';

describe('linkToPage', () => {
  it("sets the link's page where the link names one", () => {
    expect(linkToPage('/company/location?pageSize=25&currentPage=1&sorters[0][field]=name.full', 3)).toBe('/company/location?pageSize=25&currentPage=3&sorters[0][field]=name.full');
    expect(linkToPage('/company/location?currentPage=12', 2)).toBe('/company/location?currentPage=2');
  });

  it('adds it where the link names none', () => {
    expect(linkToPage('/company/location?pageSize=25', 2)).toBe('/company/location?pageSize=25&currentPage=2');
    expect(linkToPage('/company/location', 2)).toBe('/company/location?currentPage=2');
  });
});
