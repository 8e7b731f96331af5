import { z } from 'zod';
import type { Warehouse, WarehouseBody } from './api/warehouses';

/**
 * The warehouse form (spec doc 2 §3 labels). Everything is required but the coordinates
 * and the comments; coordinates are decimal degrees, both or neither, at most 6 decimals
 * (the server's precision). A message is a validation key or `warehouses:<key>`.
 */

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const PHONE = /^\+?[0-9 ()-]+$/;
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

type CoordinateProblem = 'number' | 'latitudeRange' | 'longitudeRange' | 'decimals';

/** Why a typed coordinate cannot be sent, or undefined when it can (or is empty). */
export function coordinateProblem(
  value: string,
  axis: 'latitude' | 'longitude',
): CoordinateProblem | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (!DECIMAL.test(text)) return 'number';
  const [, decimals = ''] = text.split('.');
  const degrees = Number(text);
  const max = axis === 'latitude' ? 90 : 180;
  if (Math.abs(degrees) > max) return axis === 'latitude' ? 'latitudeRange' : 'longitudeRange';
  if (decimals.replace(/0+$/, '').length > 6) return 'decimals';
  return undefined;
}

function coordinate(axis: 'latitude' | 'longitude') {
  return z.string().superRefine((value, ctx) => {
    const problem = coordinateProblem(value, axis);
    if (problem) ctx.addIssue({ code: 'custom', message: `warehouses:${problem}`, input: value });
  });
}

export const warehouseFormSchema = z
  .object({
    sName: requiredText(200),
    sAddress: requiredText(300),
    sCountry: requiredText(100),
    sState: requiredText(100),
    sCity: requiredText(100),
    sPostalCode: requiredText(20),
    sPhone: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .refine((value) => value === '' || (value.length >= 7 && PHONE.test(value)), {
        error: 'phone',
      }),
    sEmail: z.string().trim().min(1).max(254).pipe(z.email()),
    sManager: requiredText(200),
    dLatitude: coordinate('latitude'),
    dLongitude: coordinate('longitude'),
    sComments: z.string().trim().max(2000),
  })
  .superRefine((values, ctx) => {
    const hasLatitude = values.dLatitude.trim() !== '';
    const hasLongitude = values.dLongitude.trim() !== '';
    if (hasLatitude === hasLongitude) return;
    const path = hasLatitude ? 'dLongitude' : 'dLatitude';
    ctx.addIssue({ code: 'custom', message: 'warehouses:pair', path: [path], input: '' });
  });

export type WarehouseFormValues = z.input<typeof warehouseFormSchema>;
export type WarehouseField = keyof WarehouseFormValues;

export const WAREHOUSE_FIELDS = [
  'sName',
  'sAddress',
  'sCountry',
  'sState',
  'sCity',
  'sPostalCode',
  'sPhone',
  'sEmail',
  'sManager',
  'dLatitude',
  'dLongitude',
  'sComments',
] as const satisfies readonly WarehouseField[];

export const EMPTY_WAREHOUSE: WarehouseFormValues = {
  sName: '',
  sAddress: '',
  sCountry: '',
  sState: '',
  sCity: '',
  sPostalCode: '',
  sPhone: '',
  sEmail: '',
  sManager: '',
  dLatitude: '',
  dLongitude: '',
  sComments: '',
};

export function warehouseFormValues(warehouse: Warehouse): WarehouseFormValues {
  return {
    sName: warehouse.sName,
    sAddress: warehouse.sAddress,
    sCountry: warehouse.sCountry,
    sState: warehouse.sState,
    sCity: warehouse.sCity,
    sPostalCode: warehouse.sPostalCode,
    sPhone: warehouse.sPhone,
    sEmail: warehouse.sEmail,
    sManager: warehouse.sManager,
    dLatitude: warehouse.dLatitude === null ? '' : String(warehouse.dLatitude),
    dLongitude: warehouse.dLongitude === null ? '' : String(warehouse.dLongitude),
    sComments: warehouse.sComments ?? '',
  };
}

function coordinateValue(value: string): number | null {
  const text = value.trim();
  return text === '' ? null : Number(text);
}

/** Only for values the schema accepted. */
export function warehouseBody(values: WarehouseFormValues): WarehouseBody {
  const comments = values.sComments.trim();
  return {
    sName: values.sName.trim(),
    sAddress: values.sAddress.trim(),
    sCountry: values.sCountry.trim(),
    sState: values.sState.trim(),
    sCity: values.sCity.trim(),
    sPostalCode: values.sPostalCode.trim(),
    sPhone: values.sPhone.trim(),
    sEmail: values.sEmail.trim().toLowerCase(),
    sManager: values.sManager.trim(),
    dLatitude: coordinateValue(values.dLatitude),
    dLongitude: coordinateValue(values.dLongitude),
    sComments: comments === '' ? null : comments,
  };
}
