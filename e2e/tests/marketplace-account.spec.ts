import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { signUpCustomer, uniqueEmail, verifyGrowerByBackOffice } from './helpers';
import { shot } from './screenshots';
import { expectNoSeriousA11yViolations } from './accessibility';

const PASSWORD = 'E2e-Passw0rd!';
const GOOD_CLABE = '012180026050783858';
const BAD_CLABE = '012180026050783859';

async function useLanguage(page: Page, language: 'en' | 'sp') {
  await page.evaluate((value) => window.localStorage.setItem('language', value), language);
  await page.reload();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG: a green and orange square, 48 × 48, RGB. */
function makePng(size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x += 1) {
      const orange = x < size / 2 !== y < size / 2;
      rows.push(...(orange ? [245, 124, 0] : [46, 125, 50]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = window.localStorage.getItem('session');
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });
}

async function searchCatalogue(request: APIRequestContext, name: string) {
  const response = await request.get(
    `/api/v1/en/catalog/articles?search=${encodeURIComponent(name)}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    total: number;
    articles: { sName: string; dPricePerBox: number; iStock: number; aImages: string[] }[];
  };
}

async function signUpVendor(page: Page, email: string) {
  await page.goto('/signin/vendor');
  await expect(page.getByRole('heading', { level: 1, name: 'Grower sign-up' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Rosa');
  await page.getByLabel('Last name').fill('Campos');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('+52 443 555 0101');
  await page.getByLabel('Company name').fill('Huertas E2E SPR');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

async function signUpBuyer(page: Page) {
  const email = uniqueEmail('account');
  await signUpCustomer(page, { firstName: 'Marta', email, password: PASSWORD });
  await expect(page).toHaveURL(/\/exchange$/);
  return email;
}

test('a grower signs up, registers a CLABE and publishes an article with a photo', async ({
  page,
  request,
}) => {
  // Sign-up, bank, an article with a photo, both languages: over 150 s on a slow machine.
  test.slow();
  await signUpVendor(page, uniqueEmail('grower'));

  await page.goto('/profile/tab/0');
  await expect(page.getByRole('heading', { level: 1, name: 'Company profile' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Profile sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'User data',
    'Enterprise data',
    'Sub-users',
    'Bank registration',
    'Articles',
    'Notifications',
    'Webhooks',
  ]);
  await expect(page.getByLabel('E-mail')).toHaveAttribute('readonly', '');

  // Bank registration: the check digit is checked before anything is sent.
  await tabs.getByRole('tab', { name: 'Bank registration' }).click();
  await expect(page).toHaveURL(/\/profile\/tab\/3$/);
  await expect(page.getByText('No CLABE registered yet')).toBeVisible();
  await page.getByRole('textbox', { name: 'CLABE' }).fill(BAD_CLABE);
  await page.getByRole('textbox', { name: 'Routing number' }).fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('This CLABE is not valid: its check digit does not match.'),
  ).toBeVisible();
  await expect(page.getByText('The routing number has 9 digits.')).toBeVisible();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bank registration with errors');
  await shot(page, 'profile-bank-errors-en', { mobile: true });

  // The server checks it too: a bad CLABE sent straight to the API is refused on its field.
  const token = await sessionToken(page);
  const refused = await request.put('/api/v1/en/profile/bank', {
    headers: { authorization: `Bearer ${token}` },
    data: { clabe: BAD_CLABE, sBank_mxn_account: 'BBVA MEXICO' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'clabe' });

  await page.getByRole('textbox', { name: 'CLABE' }).fill(GOOD_CLABE);
  await page.getByRole('textbox', { name: 'CLABE' }).blur();
  await expect(page.getByText('Bank of this CLABE: BBVA MEXICO')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bank name (MXN)' })).toHaveValue('BBVA MEXICO');
  await page.getByRole('textbox', { name: 'Routing number' }).fill('021000021');
  await page.getByRole('textbox', { name: 'Bank name', exact: true }).fill('Chase');
  await page.getByRole('textbox', { name: 'Account number' }).fill('000123456789');
  await page.getByRole('button', { name: 'Save' }).click();
  // Where the company is paid: without a second factor, the password again.
  const passwordPrompt = page.getByRole('dialog', { name: 'Confirm with your password' });
  await passwordPrompt.getByLabel('Password').fill(PASSWORD);
  await passwordPrompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The bank data was saved.')).toBeVisible();
  await expect(page.getByText('CLABE registered', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'CLABE' })).toHaveValue(GOOD_CLABE);
  await expect(page.getByRole('textbox', { name: 'Routing number' })).toHaveValue('021000021');

  // Articles: create one with a photo.
  await page.getByRole('tab', { name: 'Articles' }).click();
  await expect(page).toHaveURL(/\/profile\/tab\/4$/);
  await expect(page.getByText('You have no articles yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'articles tab, empty');
  await shot(page, 'profile-articles-empty-en', { mobile: true });

  await page.getByRole('button', { name: 'Add article' }).click();
  const form = page.getByRole('dialog', { name: 'Add article' });
  await expect(form).toBeVisible();
  // Escape closes it, as Cancel does.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'Add article' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(6);
  await expect(form.getByText('Give the name in English, in Spanish or in both.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'add article dialog with errors');

  const name = `E2E Ataulfo mango ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Sweet, ripe Ataulfo mangoes.');
  await form.getByRole('textbox', { name: 'Origin' }).fill('Michoacán, Mexico');
  await form.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('combobox', { name: /^Subcategory/ }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('textbox', { name: 'Price per box (USD)' }).fill('18.555');
  await form.getByRole('textbox', { name: 'Boxes per pallet' }).fill('80');
  await form.getByRole('textbox', { name: 'Minimum boxes per order' }).fill('0');
  await form.getByRole('textbox', { name: 'Available stock (boxes)' }).fill('500');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Enter an amount above 0 with at most 2 decimals, e.g. 18.50.'),
  ).toBeVisible();
  await expect(form.getByText('Enter at least 1.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Price per box (USD)' }).fill('18.50');
  await form.getByRole('textbox', { name: 'Minimum boxes per order' }).fill('10');

  await form.getByTestId('article-photo-input').setInputFiles([
    { name: 'mango.png', mimeType: 'image/png', buffer: makePng() },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  await expect(page.getByText('notes.txt is not a JPEG, PNG or WebP image.')).toBeVisible();
  await expect(form.getByRole('img', { name: 'mango.png' })).toBeVisible();
  await expect(
    form.getByText('These photos are uploaded when you save the article.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'add article dialog, filled');
  await shot(page, 'profile-article-dialog-en', { fullPage: false });
  await form.getByRole('button', { name: 'Add photos' }).scrollIntoViewIfNeeded();
  await shot(page, 'profile-article-dialog-photos-en', { mobile: true, fullPage: false });

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The article was published.')).toBeVisible();
  await expect(form).toBeHidden();
  const card = page.getByTestId('vendor-article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$18.50 per box');
  await expect(card).toContainText('Stock: 500 boxes');
  await expect(card.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'articles tab with an article');
  await shot(page, 'profile-articles-en', { mobile: true });

  // Buyers see it once the back office has verified the grower, with its photo.
  expect((await searchCatalogue(request, name)).total).toBe(0);
  await verifyGrowerByBackOffice(page, request);
  const found = await searchCatalogue(request, name);
  expect(found.total).toBe(1);
  expect(found.articles[0]).toMatchObject({ sName: name, dPricePerBox: 18.5, iStock: 500 });
  expect(found.articles[0]!.aImages).toHaveLength(1);
  const image = await request.get(found.articles[0]!.aImages[0]!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/png');

  // Edit: a second photo is uploaded at once, then deleted; the stock changes.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit article' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(edit.getByRole('textbox', { name: 'Price per box (USD)' })).toHaveValue('18.50');
  await expect(edit.getByRole('button', { name: 'Delete photo 1' })).toBeVisible();
  await edit
    .getByTestId('article-photo-input')
    .setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: makePng(32) });
  await expect(page.getByText('The photo was added.')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Delete photo 2' })).toBeVisible();
  await expect(edit.getByText('2 of 10')).toBeVisible();
  await edit.getByRole('button', { name: 'Delete photo 2' }).click();
  const removePhoto = page.getByRole('dialog', { name: 'Delete this photo?' });
  await expectNoSeriousA11yViolations(page, 'delete photo confirmation');
  await removePhoto.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The photo was deleted.')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Delete photo 2' })).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'edit article dialog');
  await shot(page, 'profile-article-edit-en', { fullPage: false });
  await edit.getByRole('button', { name: 'Add photos' }).scrollIntoViewIfNeeded();
  await shot(page, 'profile-article-edit-photos-en', { fullPage: false });
  await edit.getByRole('textbox', { name: 'Available stock (boxes)' }).fill('450');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The article was saved.')).toBeVisible();
  await expect(card).toContainText('Stock: 450 boxes');

  // Deactivate hides it from buyers; reactivate shows it again.
  await card.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate this article?' });
  await expectNoSeriousA11yViolations(page, 'deactivate article confirmation');
  await shot(page, 'profile-article-deactivate-en');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  expect((await searchCatalogue(request, name)).total).toBe(0);
  await card.getByRole('button', { name: `Reactivate ${name}` }).click();
  await expect(page.getByText('The article is active again.')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  expect((await searchCatalogue(request, name)).total).toBe(1);

  // The same screens in Spanish.
  await useLanguage(page, 'sp');
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil de la empresa' })).toBeVisible();
  await expect(page.getByTestId('vendor-article').filter({ hasText: name })).toContainText(
    '$18.50 por caja',
  );
  await expectNoSeriousA11yViolations(page, 'articles tab in Spanish');
  await shot(page, 'profile-articles-sp', { mobile: true });
  await page.getByRole('button', { name: 'Agregar artículo' }).click();
  await page
    .getByRole('dialog', { name: 'Agregar artículo' })
    .getByRole('button', { name: 'Guardar' })
    .click();
  await expect(page.getByText('El campo es obligatorio')).toHaveCount(6);
  await shot(page, 'profile-article-dialog-sp', { fullPage: false });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('tab', { name: 'Registro bancario' }).click();
  await expect(page.getByRole('textbox', { name: 'CLABE' })).toHaveValue(GOOD_CLABE);
  await expectNoSeriousA11yViolations(page, 'bank registration in Spanish');
  await shot(page, 'profile-bank-sp', { mobile: true });
});

test('a buyer adds, edits and deletes a warehouse', async ({ page }) => {
  await signUpBuyer(page);

  await page.goto('/warehouse');
  await expect(page.getByRole('heading', { level: 1, name: 'Warehouses' })).toBeVisible();
  await expect(page.getByText('You have no warehouses yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/warehouse empty');
  await shot(page, 'warehouses-empty-en', { mobile: true });

  await page.getByRole('link', { name: 'Add warehouse' }).click();
  await expect(page).toHaveURL(/\/warehouse\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add warehouse' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required.')).toHaveCount(9);
  await expectNoSeriousA11yViolations(page, '/warehouse/add with errors');
  await shot(page, 'warehouse-add-errors-en', { mobile: true });

  await page.getByRole('textbox', { name: 'Name' }).fill('McAllen cold storage');
  await page.getByRole('textbox', { name: 'Manager' }).fill('Luis Treviño');
  await page.getByRole('textbox', { name: 'Address' }).fill('4800 S Jackson Rd');
  await page.getByRole('textbox', { name: 'City' }).fill('McAllen');
  await page.getByRole('textbox', { name: 'State' }).fill('TX');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('78503');
  await page.getByRole('textbox', { name: 'Country' }).fill('United States');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 956 555 0199');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'Latitude' }).fill('126.2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expect(page.getByText('The latitude is between -90 and 90.')).toBeVisible();
  await expect(page.getByText('Enter both coordinates or leave both empty.')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('dock@e2e-produce.test');
  await page.getByRole('textbox', { name: 'Latitude' }).fill('26.203407');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('-98.230012');
  await page.getByRole('textbox', { name: 'Comments' }).fill('Receiving 6am–2pm, dock 3.');
  await expectNoSeriousA11yViolations(page, '/warehouse/add filled');
  await shot(page, 'warehouse-add-en');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/warehouse$/);
  await expect(page.getByText('The warehouse was added.')).toBeVisible();
  const card = page.getByTestId('warehouse-card').filter({ hasText: 'McAllen cold storage' });
  await expect(card).toContainText('McAllen, TX 78503');
  await expect(card).toContainText('Manager: Luis Treviño');
  await expect(card).toContainText('Coordinates: 26.203407, -98.230012');
  await expectNoSeriousA11yViolations(page, '/warehouse with a warehouse');
  await shot(page, 'warehouses-en', { mobile: true });

  await card.getByRole('link', { name: 'Edit McAllen cold storage' }).click();
  await expect(page).toHaveURL(/\/warehouse\/edit\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit warehouse' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('26.203407');
  await page.getByRole('textbox', { name: 'Name' }).fill('Pharr cold storage');
  await page.getByRole('textbox', { name: 'City' }).fill('Pharr');
  await page.getByRole('textbox', { name: 'Latitude' }).fill('');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('');
  await expectNoSeriousA11yViolations(page, '/warehouse/edit');
  await shot(page, 'warehouse-edit-en', { mobile: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/warehouse$/);
  await expect(page.getByText('The warehouse was saved.')).toBeVisible();
  const edited = page.getByTestId('warehouse-card').filter({ hasText: 'Pharr cold storage' });
  await expect(edited).toContainText('Pharr, TX 78503');
  await expect(edited).not.toContainText('Coordinates');

  await useLanguage(page, 'sp');
  await expect(page.getByRole('heading', { level: 1, name: 'Almacenes' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/warehouse in Spanish');
  await shot(page, 'warehouses-sp', { mobile: true });
  await edited.getByRole('link', { name: 'Editar Pharr cold storage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar almacén' })).toBeVisible();
  await shot(page, 'warehouse-edit-sp', { mobile: true });
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await useLanguage(page, 'en');

  await edited.getByRole('button', { name: 'Delete Pharr cold storage' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this warehouse?' });
  await expect(confirm).toContainText('Pharr cold storage');
  // Escape cancels, as Cancel does.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await edited.getByRole('button', { name: 'Delete Pharr cold storage' }).click();
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'delete warehouse confirmation');
  await shot(page, 'warehouse-delete-en');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The warehouse was deleted.')).toBeVisible();
  await expect(page.getByText('You have no warehouses yet.')).toBeVisible();
});

test('a buyer edits the enterprise data, the user data, and invites a sub-user', async ({
  page,
}) => {
  const email = await signUpBuyer(page);

  // A buyer has no bank or articles tabs; their numbers lead back to the first tab.
  await page.goto('/profile/tab/4');
  await expect(page).toHaveURL(/\/profile\/tab\/0$/);
  const tabs = page.getByRole('tablist', { name: 'Profile sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'User data',
    'Enterprise data',
    'Sub-users',
    'Notifications',
    'Webhooks',
  ]);

  // User data.
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Job title' }).fill('Purchasing manager');
  await page.getByRole('textbox', { name: 'Phone' }).fill('abc');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Enter a valid phone number (digits, spaces, +, - and parentheses).'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+1 956 555 0177');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details were saved.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'user data tab');
  await shot(page, 'profile-user-en', { mobile: true });

  // Enterprise data.
  await tabs.getByRole('tab', { name: 'Enterprise data' }).click();
  await expect(page).toHaveURL(/\/profile\/tab\/1$/);
  await expect(page.getByTestId('enterprise-verified')).toHaveText('Not verified yet');
  await page.getByRole('textbox', { name: 'Company name' }).fill('E2E Fresh Imports LLC');
  await page.getByRole('textbox', { name: 'Legal address' }).fill('100 N Main St, McAllen, TX');
  await page.getByRole('textbox', { name: 'PACA licence number' }).fill('20231234');
  await page.getByRole('textbox', { name: 'Blue Book number' }).fill('BB-998877');
  await page.getByRole('textbox', { name: 'Tax id' }).fill('12-3456789');
  await page.getByRole('textbox', { name: 'Description' }).fill('Importer of fresh produce.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The company data was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue(
    'E2E Fresh Imports LLC',
  );
  await expect(page.getByRole('textbox', { name: 'PACA licence number' })).toHaveValue('20231234');
  // The company's clock: Mexico City's until an admin picks another; every time follows it.
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('America/Mexico_City');
  await zone.fill('America/New_Y');
  await page.getByRole('option', { name: 'America/New_York' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The company data was saved.').first()).toBeVisible();
  await page.reload();
  await expect(zone).toHaveValue('America/New_York');
  // The finance screens' clock follows it, the zone named.
  await page.goto('/exchange');
  await expect(page.getByTestId('clock')).toHaveText(/ E[SD]T$/);
  await page.goto('/profile/tab/1');
  await expectNoSeriousA11yViolations(page, 'enterprise tab');
  await shot(page, 'profile-enterprise-en', { mobile: true });

  // Sub-users: the manager cannot deactivate themselves.
  await tabs.getByRole('tab', { name: 'Sub-users' }).click();
  await expect(page).toHaveURL(/\/profile\/tab\/2$/);
  const self = page.getByTestId('sub-user').filter({ hasText: email });
  await expect(self).toContainText('You');
  await self.getByRole('button', { name: /^Deactivate/ }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate this user?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('You cannot deactivate your own account.')).toBeVisible();
  await expect(self).toContainText('Active');

  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a user' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('This field is required.')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page, 'invite dialog with errors');
  await shot(page, 'profile-invite-en', { mobile: true, fullPage: false });
  const invitee = uniqueEmail('subuser');
  await invite.getByRole('textbox', { name: 'Name', exact: true }).fill('Pedro');
  await invite.getByRole('textbox', { name: 'Last name' }).fill('Salinas');
  await invite.getByRole('textbox', { name: 'E-mail' }).fill(invitee);
  await invite.getByRole('textbox', { name: 'Job title' }).fill('Buyer');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('alert')
      .filter({ hasText: 'An invitation e-mail was sent to' }),
  ).toContainText(invitee);

  const row = page.getByTestId('sub-user').filter({ hasText: invitee });
  await expect(row).toContainText('Pedro Salinas');
  // An invited member starts as a PREPARER; the admin makes them an ADMIN.
  await expect(row.getByRole('combobox')).toHaveText('Preparer');
  await row.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await expect(page.getByText('The role of Pedro Salinas was changed.')).toBeVisible();
  await expect(row.getByRole('combobox')).toHaveText('Admin');
  await row.getByRole('button', { name: 'Deactivate Pedro Salinas' }).click();
  await expectNoSeriousA11yViolations(page, 'deactivate user confirmation');
  await page
    .getByRole('dialog', { name: 'Deactivate this user?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: 'Reactivate Pedro Salinas' }).click();
  await expect(page.getByText('Pedro Salinas was reactivated.')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sub-users tab');
  await shot(page, 'profile-users-en', { mobile: true });

  // The same e-mail cannot be invited twice.
  await page.getByRole('button', { name: 'Invite user' }).click();
  await invite.getByRole('textbox', { name: 'Name', exact: true }).fill('Pedro');
  await invite.getByRole('textbox', { name: 'Last name' }).fill('Salinas');
  await invite.getByRole('textbox', { name: 'E-mail' }).fill(invitee);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('An account with this e-mail already exists.')).toBeVisible();
  await invite.getByRole('button', { name: 'Cancel' }).click();

  await useLanguage(page, 'sp');
  await expect(page.getByRole('tab', { name: 'Subusuarios' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectNoSeriousA11yViolations(page, 'sub-users tab in Spanish');
  await shot(page, 'profile-users-sp', { mobile: true });
  await page.getByRole('button', { name: 'Invitar usuario' }).click();
  await shot(page, 'profile-invite-sp');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('tab', { name: 'Datos de la empresa' }).click();
  await shot(page, 'profile-enterprise-sp', { mobile: true });
  await page.getByRole('tab', { name: 'Datos de usuario' }).click();
  await shot(page, 'profile-user-sp');
});
