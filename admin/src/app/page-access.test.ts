import { describe, expect, it } from 'vitest';
import { resourceOfRoute } from './page-access';

describe('the resource behind a route', () => {
  it('is the one with the longest list route that holds it, or the one named for it', () => {
    expect(resourceOfRoute('/company/finance/payment')?.name).toBe('payment');
    expect(resourceOfRoute('/company/finance/payment/refund')?.name).toBe('payment');
    expect(resourceOfRoute('/company/merchant/product')?.name).toBe('product');
    expect(resourceOfRoute('/company/merchant/:merchantId/live')?.name).toBe('merchant');
    expect(resourceOfRoute('/company/event/:eventId/module-timeslot/:timeslotId/edit')?.name).toBe('timeslot');
    expect(resourceOfRoute('/company/device/:eventId')?.name).toBe('eventGuest');
    expect(resourceOfRoute('/company/init')).toBeUndefined();
    expect(resourceOfRoute('/company/user/:id/edit')).toBeUndefined();
  });
});
