import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-details.js';
import { ERROR_MESSAGES, ERROR_STATUS } from './errors.js';

describe('error messages that say what to do', () => {
  it('says how many boxes are in the cart and how many more are available', () => {
    expect(errorMessage('en', 'OVER_STOCK', { inCart: 120, available: 30 })).toBe(
      'You already have 120 boxes in your cart; 30 more are available.',
    );
    expect(errorMessage('sp', 'OVER_STOCK', { inCart: 120, available: 30 })).toBe(
      'Ya tienes 120 cajas en tu carrito; hay 30 más disponibles.',
    );
    expect(errorMessage('en', 'OVER_STOCK', { inCart: 0, available: 1600 })).toBe(
      'Only 1,600 boxes are available; lower the quantity.',
    );
    expect(errorMessage('sp', 'OVER_STOCK', { inCart: 0, available: 1600 })).toBe(
      'Solo hay 1,600 cajas disponibles; baja la cantidad.',
    );
    expect(errorMessage('en', 'OVER_STOCK', { inCart: 50, available: 0 })).toContain(
      'no more can be added',
    );
  });

  it('says the minimum and what to add', () => {
    expect(errorMessage('en', 'UNDER_MINIMUM', { minimum: 20, inCart: 0 })).toBe(
      'The minimum order for this article is 20 boxes; order at least 20.',
    );
    expect(errorMessage('sp', 'UNDER_MINIMUM', { minimum: 20, inCart: 5 })).toBe(
      'El pedido mínimo de este artículo es de 20 cajas; tienes 5 en tu carrito, agrega al menos 15 más.',
    );
  });

  it('says the dispute window, and falls back to the plain message without numbers', () => {
    expect(errorMessage('en', 'DISPUTE_WINDOW_CLOSED', { hours: 8 })).toContain('within 8 hours');
    expect(errorMessage('en', 'DISPUTE_WINDOW_CLOSED')).toBe(
      ERROR_MESSAGES.en.DISPUTE_WINDOW_CLOSED,
    );
    expect(errorMessage('sp', 'NOT_FOUND', { hours: 8 })).toBe(ERROR_MESSAGES.sp.NOT_FOUND);
  });

  it('gives every new code a 409 and a message in both languages', () => {
    for (const code of [
      'OVER_STOCK',
      'UNDER_MINIMUM',
      'DISPUTE_WINDOW_CLOSED',
      'DISPUTE_ALREADY_OPENED',
    ] as const) {
      expect(ERROR_STATUS[code]).toBe(409);
      expect(ERROR_MESSAGES.en[code]).not.toBe(ERROR_MESSAGES.sp[code]);
    }
  });
});
