import { describe, expect, it } from 'vitest';
import { validationErrorMap } from '../../lib/form-errors';
import type { Warehouse } from './api/warehouses';
import {
  coordinateProblem,
  EMPTY_WAREHOUSE,
  warehouseBody,
  warehouseFormSchema,
  warehouseFormValues,
} from './warehouse-form';

function messages(value: unknown) {
  const result = warehouseFormSchema.safeParse(value, { error: validationErrorMap });
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

const filled = {
  sName: 'McAllen cold storage',
  sAddress: '4800 S Jackson Rd',
  sCountry: 'United States',
  sState: 'TX',
  sCity: 'McAllen',
  sPostalCode: '78503',
  sPhone: '+1 956 555 0199',
  sEmail: 'Dock@Example.com',
  sManager: 'Luis Treviño',
  dLatitude: '',
  dLongitude: '',
  sComments: '',
};

describe('warehouse form', () => {
  it('requires everything but the coordinates and the comments', () => {
    expect(messages(EMPTY_WAREHOUSE)).toEqual({
      sName: 'required',
      sAddress: 'required',
      sCountry: 'required',
      sState: 'required',
      sCity: 'required',
      sPostalCode: 'required',
      sPhone: 'required',
      sEmail: 'required',
      sManager: 'required',
    });
    expect(messages(filled)).toEqual({});
  });

  it('checks the e-mail and the phone format', () => {
    expect(messages({ ...filled, sEmail: 'dock@', sPhone: 'call me' })).toEqual({
      sEmail: 'email',
      sPhone: 'phone',
    });
  });

  it('wants both coordinates or neither', () => {
    expect(messages({ ...filled, dLatitude: '26.2' })).toEqual({ dLongitude: 'warehouses:pair' });
    expect(messages({ ...filled, dLongitude: '-98.2' })).toEqual({ dLatitude: 'warehouses:pair' });
    expect(messages({ ...filled, dLatitude: '26.2', dLongitude: '-98.2' })).toEqual({});
  });

  it('checks each coordinate: a number, in range, at most 6 decimals', () => {
    expect(coordinateProblem('north', 'latitude')).toBe('number');
    expect(coordinateProblem('90.5', 'latitude')).toBe('latitudeRange');
    expect(coordinateProblem('-180.01', 'longitude')).toBe('longitudeRange');
    expect(coordinateProblem('26.2034071', 'latitude')).toBe('decimals');
    expect(coordinateProblem('26.2034070', 'latitude')).toBeUndefined();
    expect(coordinateProblem('-90', 'latitude')).toBeUndefined();
    expect(coordinateProblem('', 'longitude')).toBeUndefined();
  });

  it('sends trimmed texts, a lowercased e-mail and coordinates as numbers or null', () => {
    expect(warehouseBody({ ...filled, dLatitude: ' 26.203407', dLongitude: '-98.230012' })).toEqual(
      {
        sName: 'McAllen cold storage',
        sAddress: '4800 S Jackson Rd',
        sCountry: 'United States',
        sState: 'TX',
        sCity: 'McAllen',
        sPostalCode: '78503',
        sPhone: '+1 956 555 0199',
        sEmail: 'dock@example.com',
        sManager: 'Luis Treviño',
        dLatitude: 26.203407,
        dLongitude: -98.230012,
        sComments: null,
      },
    );
    expect(warehouseBody(filled)).toMatchObject({ dLatitude: null, dLongitude: null });
  });

  it('fills the edit form from a warehouse', () => {
    const warehouse: Warehouse = {
      sWarehouseId: 'w1',
      ...filled,
      dLatitude: 26.2,
      dLongitude: null,
      sComments: null,
      created_at: '',
    };
    expect(warehouseFormValues(warehouse)).toMatchObject({
      dLatitude: '26.2',
      dLongitude: '',
      sComments: '',
    });
  });
});
