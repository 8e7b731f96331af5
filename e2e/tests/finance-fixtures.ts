import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import readXlsxFile, { readSheetNames } from 'read-excel-file/node';
import { uniqueEmail } from './helpers';

const DEMO_PASSWORD = 'Demo1234!';

export interface Tenant {
  token: string;
  enterpriseId: string;
  email: string;
  password: string;
  /** Calls the API as this tenant (English messages). */
  api: (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => Promise<unknown>;
}

async function apiCall(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await request.fetch(`/api/v1/en/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(400);
  return response.status() === 204 ? undefined : response.json();
}

/**
 * A fresh customer company, signed up through the API and funded with USD by the back
 * office (ops@demo.test crediting a wire), then logged in in the browser at /exchange.
 */
export async function freshFundedTenant(
  page: Page,
  request: APIRequestContext,
  usd = 50_000,
): Promise<Tenant> {
  const email = uniqueEmail('tenant');
  const password = 'E2e-Passw0rd!';
  const signup = await request.post('/api/v1/en/auth/signup/customer', {
    data: {
      sName: 'Marta',
      sLastName: 'Ruiz',
      sEmail: email,
      sPassword: password,
      sConfirmPassword: password,
      sEnterpriseName: 'E2E Imports LLC',
      sPhone: '+1 956 555 0102',
    },
  });
  expect(signup.status()).toBe(201);
  const { token, user } = (await signup.json()) as {
    token: string;
    user: { sEnterpriseId: string };
  };
  const ops = await request.post('/api/v1/en/auth/login', {
    data: { sEmail: 'ops@demo.test', sPassword: DEMO_PASSWORD },
  });
  const opsToken = ((await ops.json()) as { token: string }).token;
  const deposit = await request.post('/api/v1/en/ops/deposits', {
    headers: { authorization: `Bearer ${opsToken}` },
    data: { sEnterpriseId: user.sEnterpriseId, dAmount: usd, sReference: `E2E-${email}` },
  });
  expect(deposit.status()).toBe(201);

  await page.goto('/login');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    'session',
    JSON.stringify({ token, user }),
  ] as const);
  await page.goto('/exchange');
  await expect(page.getByTestId('greeting')).toBeVisible();
  return {
    token,
    enterpriseId: user.sEnterpriseId,
    email,
    password,
    api: (method, path, body) => apiCall(request, token, method, path, body),
  };
}

/** A supplier with a valid CLABE for a tenant, made through the API. */
export async function createSupplier(tenant: Tenant, name = 'Proveedor E2E SA de CV') {
  const answer = (await tenant.api('POST', 'payment-recipient/', {
    sName: name,
    sEmail: 'pagos@proveedor-e2e.mx',
    sBankName: 'BBVA MEXICO',
    sAccountNumber: '012180026050783858',
    sEntityBusiness: 'COMPANY',
    sTaxId: 'PEE120315AB1',
  })) as { paymentRecipient: { sPaymentRecipientId: string } };
  return answer.paymentRecipient.sPaymentRecipientId;
}

/** A To pay invoice for a supplier, made through the API. */
export async function createInvoice(
  tenant: Tenant,
  supplierId: string,
  options: { name?: string; totalMxn?: number; protectedRate?: number; purchaseDate?: string } = {},
) {
  const answer = (await tenant.api('POST', 'invoices/', {
    dPurchaseDate: options.purchaseDate ?? '2026-11-02',
    sPaymentRecipientId: supplierId,
    sInvoice: options.name ?? `F-E2E-${Date.now()}`,
    dTotalAmount: options.totalMxn ?? 50_000,
    dRateProtection: options.protectedRate ?? 18.9,
    iCreditPeriod: 30,
  })) as { invoice: { sInvoiceId: string; sInvoice: string } };
  return answer.invoice;
}

/** Opens a downloaded .xlsx: its file name, sheet names and header row. */
export async function readDownloadedWorkbook(download: Download) {
  const path = await download.path();
  const sheetNames = await readSheetNames(path);
  const rows = await readXlsxFile(path);
  return {
    fileName: download.suggestedFilename(),
    sheetNames,
    header: (rows[0] ?? []).map(String),
    rows,
  };
}
