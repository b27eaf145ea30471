import { describe, expect, it } from 'vitest';
import { resolveField } from '../src/field-index';
import { checkImageSize } from '../src/kinds';
import { LOCATION_TAGS } from '../src/models/location';
import { def, expectAccepted, expectRefused } from './helpers';
import { id } from './fixtures';

const imageRule = (model: string, path: string) => resolveField(def(model), path)!.image!;

describe('location rules (part 1 section 5)', () => {
  it('requires a url of at most 24 characters', () => {
    expectAccepted('location', 'url', 'x'.repeat(24));
    expectRefused('location', 'url', 'x'.repeat(25), 'at most 24 characters');
    expectRefused('location', 'url', undefined, 'is required');
    expectRefused('location', 'url', '', 'is required');
  });

  it('limits the full name to 75 and the description to 300 characters', () => {
    expectAccepted('location', 'name.full', 'x'.repeat(75));
    expectRefused('location', 'name.full', 'x'.repeat(76), 'at most 75');
    expectAccepted('location', 'name.description', 'x'.repeat(300));
    expectRefused('location', 'name.description', 'x'.repeat(301), 'at most 300');
    expectRefused('location', 'nameLocalized.full', { en: 'x'.repeat(76) }, 'at most 75');
  });

  it('accepts exactly the tags of part 1 section 3', () => {
    expect(LOCATION_TAGS).toEqual([
      'association', 'bar', 'bike-parking', 'cafe', 'campus', 'charity', 'club', 'coffee', 'culture', 'entertainment', 'fast-food',
      'gallery', 'hotel', 'landmark', 'museum', 'park', 'parking', 'religious', 'restaurant', 'show-always', 'sport', 'university',
    ]);
    expectAccepted('location', 'name.tag', [...LOCATION_TAGS]);
    expectRefused('location', 'name.tag', ['bar', 'pub'], 'must be one of', 'name.tag.1');
  });

  it('stores Point, LineString and Polygon geometry, longitude first, or none', () => {
    expectAccepted('location', 'geojson', null);
    expectAccepted('location', 'geojson', { type: 'LineString', coordinates: [[4.8, 52.3], [4.9, 52.4]] });
    expectAccepted('location', 'geojson', { type: 'Polygon', coordinates: [[[4.8, 52.3], [4.9, 52.3], [4.9, 52.4], [4.8, 52.3]]] });
    expectRefused('location', 'geojson', { type: 'LineString', coordinates: [[4.8, 52.3]] }, 'at least 2 positions');
    expectRefused('location', 'geojson', { type: 'Polygon', coordinates: [[[4.8, 52.3], [4.9, 52.3], [4.8, 52.3]]] }, 'at least 4 positions');
    expectRefused('location', 'geojson', { type: 'Point', coordinates: [52.37, 190] }, 'longitude then latitude');
  });

  it('wants a square map icon of at least 512 by 512 and a square profile image', () => {
    const mapIcon = imageRule('location', 'image.mapIcon');
    expect(checkImageSize(512, 512, mapIcon)).toBeNull();
    expect(checkImageSize(511, 511, mapIcon)).toContain('512');
    expect(checkImageSize(1024, 512, mapIcon)).toContain('1:1');
    const profile = imageRule('location', 'image.profile');
    expect(checkImageSize(100, 100, profile)).toBeNull();
    expect(checkImageSize(200, 100, profile)).toContain('1:1');
  });

  it('links a page by id and keeps the tenant server-side', () => {
    expectRefused('location', 'pageRef.pageId', 'page-1', '24-character id');
    expect(resolveField(def('location'), 'companyRef.companyId')?.readOnly).toBe(true);
  });
});

describe('merchant rules (part 1 section 5, section 9)', () => {
  it('requires a name of at most 50 characters', () => {
    expectAccepted('merchant', 'name.full', 'x'.repeat(50));
    expectRefused('merchant', 'name.full', 'x'.repeat(51), 'at most 50');
    expectRefused('merchant', 'name.full', undefined, 'is required');
  });

  it('wants a banner at least 1024 wide in 851:235 or 12:5', () => {
    const banner = imageRule('merchant', 'image.banner');
    expect(checkImageSize(1702, 470, banner)).toBeNull();
    expect(checkImageSize(1200, 500, banner)).toBeNull();
    expect(checkImageSize(851, 235, banner)).toContain('1024');
    expect(checkImageSize(1200, 1200, banner)).toContain('851:235 or 12:5');
  });

  it('gives the tablet layout at least 24 slots of product ids or free slots', () => {
    expectRefused('merchant', 'productLayoutTablet.tab0.placement', Array(23).fill(''), 'at least 24 items');
    expectAccepted('merchant', 'productLayoutMobile.tab0.placement', [id(5), '']);
    expectRefused('merchant', 'productLayoutMobile.tab0.placement', ['beer'], 'must be a product id', 'productLayoutMobile.tab0.placement.0');
  });

  it('refuses fields the model does not have', () => {
    expectRefused('merchant', 'name.nickname', 'Bar', 'is not a field of this model');
  });
});

describe('register terminal', () => {
  it('belongs to a merchant', () => {
    expectRefused('registerTerminal', 'merchantRef.merchantId', undefined, 'is required');
  });
});
