import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { shot } from './screenshots';

/**
 * Tables that fit: at every laptop width from 1280 px, every column of every
 * finance table, Actions included, is on screen with its whole header, in English and in
 * Spanish; on a phone a row keeps its identity (a pinned first column or a card).
 */

const DEMO_PASSWORD = 'Demo1234!';

type Language = 'en' | 'sp';

interface FinanceTable {
  name: string;
  path: string;
  account: string;
  /** The table on the page. */
  table: (page: Page) => ReturnType<Page['locator']>;
  headers: Record<Language, string[]>;
  /** A cell that names a row (the first data row), checked inside the viewport on a phone. */
  identity: (page: Page) => ReturnType<Page['locator']>;
}

const grid = (page: Page) => page.locator('.MuiDataGrid-root').first();
const firstGridCell = (field: string) => (page: Page) =>
  page.locator(`.MuiDataGrid-row [data-field="${field}"]`).first();

const CONVERSION_COLUMNS_EN = ['Id', 'Created on', 'Transaction type', 'Total amount USD'];
const TABLES: FinanceTable[] = [
  {
    name: 'invoices',
    path: '/invoices',
    account: 'demo@demo.test',
    table: (page) => page.getByTestId('invoices-table-scroller'),
    headers: {
      en: [
        'Supplier',
        'Purchase date',
        'Due date',
        'Invoice',
        'Status',
        'Auto-convert',
        'Total amount MXN',
        'Exchange rate protection MXN',
        'Currency profit (%)',
        'Currency gain (USD)',
        'Actions',
      ],
      sp: [
        'Proveedor',
        'Fecha de compra',
        'Fecha de vencimiento',
        'Factura',
        'Estatus',
        'Conversión automática',
        'Monto total MXN',
        'Tipo de cambio protegido MXN',
        'Ganancia cambiaria (%)',
        'Ganancia cambiaria (USD)',
        'Acciones',
      ],
    },
    identity: (page) => page.locator('tbody [data-field="sName"]').first(),
  },
  {
    name: 'forwards',
    path: '/forwards',
    account: 'demo@demo.test',
    table: grid,
    headers: {
      en: [
        'Id',
        'Transaction date',
        'Transaction type',
        'Due date',
        'Days remaining',
        'Total amount USD',
        'Total amount MXN',
        'Exchange rate',
        'Invoice',
        'Purchase date',
        'Currency profit (%)',
        'Currency gain (USD)',
        'Actions',
      ],
      sp: [
        'Id',
        'Fecha de transacción',
        'Tipo de transacción',
        'Fecha de vencimiento',
        'Días restantes',
        'Monto total USD',
        'Monto total MXN',
        'Tipo de cambio',
        'Factura',
        'Fecha de compra',
        'Ganancia cambiaria (%)',
        'Ganancia cambiaria (USD)',
        'Acciones',
      ],
    },
    identity: firstGridCell('iTrackingId'),
  },
  {
    name: 'balance',
    path: '/balance',
    account: 'demo@demo.test',
    table: grid,
    headers: {
      en: [
        ...CONVERSION_COLUMNS_EN,
        'Total amount MXN',
        'Exchange rate',
        '% Assigned',
        'Invoice',
        'Purchase date',
        'Currency profit (%)',
        'Currency gain (USD)',
        'Actions',
      ],
      sp: [
        'Id',
        'Fecha de creación',
        'Tipo de transacción',
        'Monto total USD',
        'Monto total MXN',
        'Tipo de cambio',
        '% Asignado',
        'Factura',
        'Fecha de compra',
        'Ganancia cambiaria (%)',
        'Ganancia cambiaria (USD)',
        'Acciones',
      ],
    },
    identity: firstGridCell('iTrackingId'),
  },
  {
    name: 'conversions',
    path: '/conversions',
    account: 'demo@demo.test',
    table: grid,
    headers: {
      en: [
        ...CONVERSION_COLUMNS_EN,
        'Total amount MXN',
        'Exchange rate',
        'Invoice',
        'Purchase date',
        'Currency profit (%)',
        'Currency gain (USD)',
        'Actions',
      ],
      sp: [
        'Id',
        'Fecha de creación',
        'Tipo de transacción',
        'Monto total USD',
        'Monto total MXN',
        'Tipo de cambio',
        'Factura',
        'Fecha de compra',
        'Ganancia cambiaria (%)',
        'Ganancia cambiaria (USD)',
        'Acciones',
      ],
    },
    identity: firstGridCell('iTrackingId'),
  },
  {
    name: 'payments',
    path: '/payments',
    account: 'demo@demo.test',
    table: grid,
    headers: {
      en: [
        'Id',
        'Payment date',
        'Recipient',
        'Invoice',
        'Transaction type',
        'Total amount MXN',
        'Total amount USD',
        'Exchange rate',
        'Currency profit (%)',
        'Currency gain (USD)',
        'Status',
        'Actions',
      ],
      sp: [
        'Id',
        'Fecha de pago',
        'Destinatario',
        'Factura',
        'Tipo de transacción',
        'Monto total MXN',
        'Monto total USD',
        'Tipo de cambio',
        'Ganancia cambiaria (%)',
        'Ganancia cambiaria (USD)',
        'Estatus',
        'Acciones',
      ],
    },
    identity: firstGridCell('recipient'),
  },
  {
    name: 'statement',
    path: '/statement',
    account: 'demo@demo.test',
    table: grid,
    headers: {
      en: ['Date', 'Description', 'Type', 'Reference', 'Debit', 'Credit', 'Balance'],
      sp: ['Fecha', 'Descripción', 'Tipo', 'Referencia', 'Cargo', 'Abono', 'Saldo'],
    },
    identity: firstGridCell('sDescription'),
  },
  {
    name: 'suppliers',
    path: '/suppliers',
    account: 'demo@demo.test',
    table: grid,
    headers: {
      en: ['Name', 'E-mail', 'Bank name', 'CLABE number', 'Tax id (RFC)', 'Actions'],
      sp: ['Nombre', 'Correo electrónico', 'Nombre del banco', 'Número CLABE', 'RFC', 'Acciones'],
    },
    identity: firstGridCell('sName'),
  },
  {
    name: 'income',
    path: '/income',
    account: 'vendor@demo.test',
    table: (page) => page.getByRole('table'),
    headers: {
      en: ['Order', 'Date', 'USD', 'MXN', 'Rate', 'CLABE', 'Tracking key', 'Status'],
      sp: [
        'Pedido',
        'Fecha',
        'USD',
        'MXN',
        'Tipo de cambio',
        'CLABE',
        'Clave de rastreo',
        'Estado',
      ],
    },
    identity: (page) => page.getByTestId('payout-row').first().locator('td').first(),
  },
];

const tokens = new Map<string, Promise<{ token: string; user: unknown }>>();

async function sessionOf(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v1/en/auth/login', {
    data: { sEmail: email, sPassword: DEMO_PASSWORD },
  });
  expect(response.status(), `log in ${email}`).toBe(200);
  return (await response.json()) as { token: string; user: unknown };
}

/** Opens a page logged in, in a language, with the table's rows loaded. */
async function openTable(
  page: Page,
  request: APIRequestContext,
  table: FinanceTable,
  language: Language,
) {
  if (!tokens.has(table.account)) tokens.set(table.account, sessionOf(request, table.account));
  const session = await tokens.get(table.account)!;
  // A same-origin page that runs no app: an open app could write its own session back.
  await page.goto('/robots.txt');
  await page.evaluate(
    ([stored, lang]) => {
      window.localStorage.setItem('session', stored);
      window.localStorage.setItem('language', lang);
    },
    [JSON.stringify(session), language] as const,
  );
  await page.goto(table.path);
  // Lazy pages on a busy machine: the first visit of a page may take a while.
  await expect(table.table(page)).toBeVisible({ timeout: 90_000 });
  await expect(table.identity(page)).toBeAttached({ timeout: 90_000 });
}

interface HeaderBox {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  truncated: boolean;
  hidden: boolean;
}

/** Every column header of the table: its text, box, and whether its title is cut. */
async function headerBoxes(page: Page, table: FinanceTable): Promise<HeaderBox[]> {
  return table
    .table(page)
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.map((header) => {
        const title =
          header.querySelector<HTMLElement>('.MuiDataGrid-columnHeaderTitle') ??
          header.querySelector<HTMLElement>('.MuiTableSortLabel-root') ??
          (header as HTMLElement);
        const box = header.getBoundingClientRect();
        const style = getComputedStyle(header);
        // The title must not overflow its own box (an ellipsis), and its text must not
        // reach past any box between it and the header that clips (a cut word).
        const range = document.createRange();
        range.selectNodeContents(title);
        const text = range.getBoundingClientRect();
        let clipped = false;
        for (let node: HTMLElement | null = title.parentElement; node; node = node.parentElement) {
          if (getComputedStyle(node).overflowX !== 'visible') {
            const clip = node.getBoundingClientRect();
            if (text.left < clip.left - 1 || text.right > clip.right + 1) clipped = true;
          }
          if (node === header) break;
        }
        const cut =
          clipped ||
          title.scrollWidth > title.clientWidth + 1 ||
          title.scrollHeight > title.clientHeight + 2;
        return {
          text: (title.textContent ?? '').trim(),
          left: box.left,
          right: box.right,
          top: box.top,
          bottom: box.bottom,
          truncated: cut,
          hidden: style.visibility === 'hidden' || box.width === 0,
        };
      }),
    );
}

async function headerProblems(page: Page, table: FinanceTable, language: Language) {
  const viewport = page.viewportSize()!;
  const boxes = await headerBoxes(page, table);
  const problems: string[] = [];
  for (const expected of table.headers[language]) {
    const box = boxes.find((candidate) => candidate.text === expected);
    if (!box) {
      problems.push(`"${expected}" is not shown`);
      continue;
    }
    if (box.hidden) problems.push(`"${expected}" is hidden`);
    if (box.truncated) problems.push(`"${expected}" is cut`);
    if (box.left < 0 || box.right > viewport.width + 0.5) {
      problems.push(`"${expected}" lies outside the viewport (${box.left}-${box.right})`);
    }
  }
  return { problems, boxes };
}

/** Every table at one width and language: what is missing, cut or off screen. */
async function tableFailures(
  page: Page,
  request: APIRequestContext,
  width: number,
  language: Language,
) {
  const failures: string[] = [];
  for (const table of TABLES) {
    await openTable(page, request, table, language);
    const { problems, boxes } = await headerProblems(page, table, language);
    if (width === 1280 && language === 'sp') {
      await shot(page, `${table.name}-sp-1280`);
    }
    failures.push(...problems.map((problem) => `${table.name}: ${problem}`));
    // The last column (Actions where a table has one) ends inside the viewport.
    const last = boxes[boxes.length - 1];
    if (!last || last.right > width + 0.5) {
      failures.push(`${table.name}: the last column "${last?.text ?? ''}" ends off screen`);
    }
    // No column is reached by scrolling the page sideways.
    const pageScrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    if (pageScrolls) failures.push(`${table.name}: the page scrolls sideways`);
    if (table.name === 'income') {
      // The status chip of the last column is whole, inside the table and the viewport.
      const chip = page.getByTestId('payout-row').first().locator('.MuiChip-root');
      const box = (await chip.boundingBox())!;
      const tableBox = (await table.table(page).boundingBox())!;
      if (box.x + box.width > Math.min(width, tableBox.x + tableBox.width) + 0.5) {
        failures.push('income: the status chip is cut at the right edge');
      }
    }
  }
  return failures;
}

const LAPTOP_CASES: { width: number; languages: Language[] }[] = [
  { width: 1280, languages: ['en', 'sp'] },
  { width: 1366, languages: ['sp'] },
  { width: 1440, languages: ['sp'] },
  { width: 1920, languages: ['en', 'sp'] },
];

for (const { width, languages } of LAPTOP_CASES) {
  for (const language of languages) {
    test(`${width} px in ${language}: every column of every finance table visible, headers whole, Actions on screen`, async ({
      page,
      request,
    }) => {
      test.setTimeout(900_000);
      await page.setViewportSize({ width, height: 900 });
      expect(await tableFailures(page, request, width, language)).toEqual([]);
    });
  }
}

/** A cell's box, asked again while the grid has the cell replaced (no box for a moment). */
async function boxOf(cell: Locator) {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect(async () => {
    box = await cell.boundingBox({ timeout: 5_000 });
    expect(box).not.toBeNull();
  }).toPass({ timeout: 30_000 });
  return box!;
}

test('390 px: a row of every finance table shows its identity, also scrolled to the right', async ({
  page,
  request,
}) => {
  test.setTimeout(900_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const failures: string[] = [];
  for (const table of TABLES) {
    await openTable(page, request, table, 'sp');
    const identity = table.identity(page);
    // The grid may render its rows again right after they appear (its size settles at
    // 390 px): scrolling a cell that was just replaced fails, so it is tried again.
    await expect(async () => {
      await identity.scrollIntoViewIfNeeded({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await shot(page, `${table.name}-390`, { fullPage: false });
    const text = (await identity.innerText()).trim();
    if (text.length === 0) failures.push(`${table.name}: the identity cell is empty`);
    const box = await boxOf(identity);
    if (box.x < -1 || box.x + Math.min(box.width, 40) > 390) {
      failures.push(`${table.name}: the identity is off screen (${box.x})`);
    }
    // Scrolled to the right end, the row still shows who it is: a pinned first column
    // (or a card layout where nothing scrolls).
    await identity.evaluate((cell) => {
      let node: HTMLElement | null = cell.parentElement;
      while (node) {
        const overflow = getComputedStyle(node).overflowX;
        if (
          node.scrollWidth > node.clientWidth + 1 &&
          (overflow === 'auto' || overflow === 'scroll')
        ) {
          node.scrollLeft = node.scrollWidth;
        }
        node = node.parentElement;
      }
    });
    const after = await boxOf(identity);
    if (after.x < -1 || after.x + Math.min(after.width, 40) > 390) {
      failures.push(`${table.name}: the identity scrolls away (${after.x})`);
    }
    await shot(page, `${table.name}-390-scrolled`, { fullPage: false });
  }
  expect(failures).toEqual([]);
});

test('a column hidden from the column menu can be shown again', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = TABLES.find((candidate) => candidate.name === 'conversions')!;
  await openTable(page, request, table, 'en');
  const header = page.getByRole('columnheader', { name: 'Exchange rate' });
  await header.hover();
  await header.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('menuitem', { name: /hide column/i }).click();
  await expect(page.getByRole('columnheader', { name: 'Exchange rate' })).toHaveCount(0);
  await page.getByRole('columnheader', { name: 'Invoice' }).hover();
  await page
    .getByRole('columnheader', { name: 'Invoice' })
    .getByRole('button', { name: /menu/i })
    .click();
  await page.getByRole('menuitem', { name: /manage columns/i }).click();
  // The panel re-renders its switch after the grid takes the change: click, then look at
  // what the user sees (the column back), not at the switch's state in between.
  await page.getByRole('checkbox', { name: 'Exchange rate' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Exchange rate' })).toBeVisible();
});
