import { describe, expect, it } from 'vitest';
import { resolveField } from '../src/field-index';
import { checkImageSize } from '../src/kinds';
import { def, expectAccepted, expectRefused } from './helpers';

describe('product rules (part 1 and part 2 section 5)', () => {
  it('needs an English name of at most 50 characters', () => {
    expectAccepted('product', 'nameLocalized.full', { en: 'x'.repeat(50), nl: 'y'.repeat(50) });
    expectRefused('product', 'nameLocalized.full', { en: 'x'.repeat(51) }, 'at most 50');
    expectRefused('product', 'nameLocalized.full', { nl: 'Bier' }, 'en is required');
    expectRefused('product', 'nameLocalized.full', undefined, 'is required');
  });

  it('limits the description to 500 characters', () => {
    expectAccepted('product', 'nameLocalized.description', { en: 'x'.repeat(500) });
    expectRefused('product', 'nameLocalized.description', { en: 'x'.repeat(501) }, 'at most 500');
  });

  it('requires a type among locker-company-locker, drink and others', () => {
    for (const type of ['locker-company-locker', 'drink', 'others']) expectAccepted('product', 'type', type);
    expectRefused('product', 'type', 'food', 'must be one of locker-company-locker, drink, others');
    expectRefused('product', 'type', undefined, 'is required');
  });

  it('takes tax as a fraction from 0 to 1 in steps of 0.01', () => {
    for (const tax of [0, 0.09, 0.21, 1]) expectAccepted('product', 'taxPercentage', tax);
    expectRefused('product', 'taxPercentage', 1.01, 'at most 1');
    expectRefused('product', 'taxPercentage', -0.01, 'at least 0');
    expectRefused('product', 'taxPercentage', 0.095, 'multiple of 0.01');
  });

  it('takes alcohol as a fraction from 0 to 0.39 in steps of 0.01', () => {
    expectAccepted('product', 'content.alcohol', 0.39);
    expectAccepted('product', 'content.alcohol', 0);
    expectRefused('product', 'content.alcohol', 0.4, 'at most 0.39');
    expectRefused('product', 'content.alcohol', 0.055, 'multiple of 0.01');
  });

  it.each(['content.servings', 'content.calories', 'content.volume', 'content.weight'])('wants %s of at least 0', (path) => {
    expectAccepted('product', path, 0);
    expectRefused('product', path, -1, 'at least 0');
  });

  it('wants a positive whole number of cups, and says so', () => {
    expectAccepted('product', 'content.cups', 2);
    expectRefused('product', 'content.cups', 0, 'at least 1');
    expectRefused('product', 'content.cups', 1.5, 'whole number');
    expect(resolveField(def('product'), 'content.cups')?.help).toBe('The number of cups in a transaction should be positive');
  });

  it('keeps the price in whole cents', () => {
    expectAccepted('product', 'price.cents', 0);
    expectRefused('product', 'price.cents', 3.5, 'whole number');
    expectAccepted('product', 'price', { cents: 350, euro: 3.5 });
  });

  it('belongs to a merchant', () => {
    expectRefused('product', 'merchantRef.merchantId', undefined, 'is required');
  });

  it('wants a square profile image at least 512 wide', () => {
    const rule = resolveField(def('product'), 'image.profile')!.image!;
    expect(checkImageSize(512, 512, rule)).toBeNull();
    expect(checkImageSize(256, 256, rule)).toContain('512');
    expect(checkImageSize(1024, 768, rule)).toContain('1:1');
  });

  it('titles products by their English name', () => {
    expect(def('product').titlePath).toBe('nameLocalized.full.en');
    expect(resolveField(def('product'), 'nameLocalized.full.en')).toMatchObject({ kind: 'text', max: 50, required: true });
    expect(resolveField(def('product'), 'nameLocalized.full.nl')).toMatchObject({ kind: 'text', max: 50, required: false });
  });
});
