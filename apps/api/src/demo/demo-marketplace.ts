import { randomUUID } from 'node:crypto';
import { makeClabe, parseMoney } from '@app/domain';
import type { MarketplaceServices } from '../modules/marketplace.js';
import type { SeedClock } from './demo-finance.js';
import { enterpriseIdOfUser } from './seed.js';
import { producePng, type Rgb } from './demo-png.js';
import { DEMO_ARTICLE_SPANISH } from './demo-article-translations.js';

/**
 * The demo marketplace: produce categories, two vendors' articles with photos, the
 * vendors' profiles and bank data, and a warehouse for demo@demo.test. Articles, photos,
 * profiles and the warehouse go through the services, so the demo obeys the same rules.
 */

interface SubcategorySeed {
  key: string;
  en: string;
  sp: string;
  color: Rgb;
}

const CATEGORIES: ReadonlyArray<{ en: string; sp: string; subcategories: SubcategorySeed[] }> = [
  {
    en: 'Fruits',
    sp: 'Frutas',
    subcategories: [
      { key: 'avocado', en: 'Avocados', sp: 'Aguacates', color: [58, 94, 38] },
      { key: 'mango', en: 'Mangoes', sp: 'Mangos', color: [242, 166, 36] },
      { key: 'papaya', en: 'Papayas', sp: 'Papayas', color: [240, 128, 48] },
      { key: 'melon', en: 'Melons', sp: 'Melones', color: [214, 196, 120] },
    ],
  },
  {
    en: 'Vegetables',
    sp: 'Verduras',
    subcategories: [
      { key: 'tomato', en: 'Tomatoes', sp: 'Tomates', color: [214, 40, 40] },
      { key: 'pepper', en: 'Peppers and chiles', sp: 'Chiles y pimientos', color: [40, 140, 50] },
      { key: 'cucumber', en: 'Cucumbers', sp: 'Pepinos', color: [30, 110, 60] },
      { key: 'squash', en: 'Squash', sp: 'Calabazas', color: [120, 160, 60] },
    ],
  },
  {
    en: 'Berries',
    sp: 'Berries',
    subcategories: [
      { key: 'strawberry', en: 'Strawberries', sp: 'Fresas', color: [200, 30, 50] },
      { key: 'blueberry', en: 'Blueberries', sp: 'Arándanos', color: [60, 70, 150] },
      { key: 'raspberry', en: 'Raspberries', sp: 'Frambuesas', color: [210, 50, 100] },
      { key: 'blackberry', en: 'Blackberries', sp: 'Zarzamoras', color: [50, 30, 60] },
    ],
  },
  {
    en: 'Citrus',
    sp: 'Cítricos',
    subcategories: [
      { key: 'lime', en: 'Limes', sp: 'Limones', color: [110, 180, 50] },
      { key: 'orange', en: 'Oranges', sp: 'Naranjas', color: [245, 140, 20] },
      { key: 'grapefruit', en: 'Grapefruit', sp: 'Toronjas', color: [240, 110, 90] },
    ],
  },
];

/** [subcategory, name, description, origin, USD per box, boxes per pallet, min boxes, stock] */
type ArticleSeed = [string, string, string, string, string, number, number, number];

const MAIN_VENDOR_ARTICLES: ArticleSeed[] = [
  [
    'avocado',
    'Hass avocado 48ct, 25 lb lug',
    'Large Hass, dry matter above 23 %, ready to ripen.',
    'Michoacán',
    '46.50',
    80,
    20,
    1600,
  ],
  [
    'avocado',
    'Hass avocado 60ct, 25 lb lug',
    'Medium-large Hass, the food-service favourite.',
    'Michoacán',
    '42.00',
    80,
    20,
    2400,
  ],
  [
    'avocado',
    'Hass avocado 70ct, 25 lb lug',
    'Retail size Hass, conditioned on request.',
    'Jalisco',
    '38.75',
    70,
    20,
    1800,
  ],
  [
    'avocado',
    'Organic Hass avocado 84ct, 25 lb lug',
    'Certified organic (USDA NOP), small size for bags.',
    'Michoacán',
    '44.00',
    60,
    10,
    480,
  ],
  [
    'mango',
    'Ataulfo mango 14ct, 10 lb box',
    'Honey (Ataulfo) mangoes, hot-water treated.',
    'Chiapas',
    '8.25',
    210,
    50,
    4200,
  ],
  [
    'mango',
    'Tommy Atkins mango 9ct, 10 lb box',
    'Firm, red blush, long shelf life.',
    'Sinaloa',
    '6.90',
    210,
    50,
    3150,
  ],
  [
    'mango',
    'Kent mango 8ct, 10 lb box',
    'Late-season Kent, low fibre.',
    'Sinaloa',
    '7.60',
    210,
    50,
    2100,
  ],
  [
    'papaya',
    'Maradol papaya 35 lb box',
    'Maradol, 6 to 9 fruits a box, one-quarter colour.',
    'Veracruz',
    '21.50',
    56,
    14,
    560,
  ],
  [
    'melon',
    'Cantaloupe 9ct, 40 lb carton',
    'Western shipper cantaloupe, netted, full slip.',
    'Sonora',
    '19.00',
    60,
    15,
    900,
  ],
  [
    'melon',
    'Honeydew 6ct, 30 lb carton',
    'Green flesh honeydew, sugar above 10 Brix.',
    'Sonora',
    '17.25',
    70,
    15,
    700,
  ],
  [
    'tomato',
    'Roma tomato 25 lb box',
    'Field-grown Roma, 2-layer, pink to light red.',
    'Sinaloa',
    '13.50',
    100,
    25,
    3000,
  ],
  [
    'tomato',
    'Grape tomato 12 x 1 pint flat',
    'Greenhouse grape tomatoes in clamshells.',
    'Sinaloa',
    '15.75',
    120,
    30,
    1800,
  ],
  [
    'tomato',
    'Beefsteak tomato 5x6, 25 lb box',
    'Greenhouse beefsteak, uniform size.',
    'Jalisco',
    '18.40',
    90,
    20,
    1350,
  ],
  [
    'tomato',
    'Tomatillo 40 lb box',
    'Husked green tomatillo for salsa verde.',
    'Sinaloa',
    '22.00',
    56,
    14,
    840,
  ],
  [
    'pepper',
    'Jalapeño 1 1/9 bushel, 28 lb',
    'Dark green jalapeño, medium heat.',
    'Chihuahua',
    '16.50',
    60,
    15,
    1200,
  ],
  [
    'pepper',
    'Green bell pepper XL, 25 lb box',
    'Extra-large green bell, thick walls.',
    'Sinaloa',
    '19.80',
    80,
    20,
    1600,
  ],
  [
    'pepper',
    'Red bell pepper 11 lb box',
    'Greenhouse red bell, 15 to 18 fruits.',
    'Jalisco',
    '17.90',
    160,
    40,
    1920,
  ],
  [
    'pepper',
    'Serrano pepper 1 1/9 bushel, 30 lb',
    'Bright green serrano, hot.',
    'Sinaloa',
    '24.50',
    60,
    15,
    600,
  ],
  [
    'pepper',
    'Poblano pepper 1 1/9 bushel, 25 lb',
    'Glossy poblano for roasting and chiles rellenos.',
    'Guanajuato',
    '20.25',
    60,
    15,
    780,
  ],
  [
    'cucumber',
    'Cucumber super select 24ct carton',
    'Waxed slicer cucumbers, 55 lb equivalent.',
    'Sonora',
    '14.30',
    100,
    25,
    2000,
  ],
  [
    'cucumber',
    'Persian cucumber 12 x 6ct flat',
    'Greenhouse mini cucumbers in bags.',
    'Jalisco',
    '16.90',
    120,
    30,
    960,
  ],
  [
    'cucumber',
    'English cucumber 12ct carton',
    'Shrink-wrapped seedless cucumbers.',
    'Sinaloa',
    '12.75',
    110,
    25,
    1100,
  ],
  [
    'squash',
    'Zucchini medium 1/2 bushel, 21 lb',
    'Medium dark green zucchini.',
    'Sonora',
    '12.20',
    120,
    30,
    1440,
  ],
  [
    'squash',
    'Yellow squash 1/2 bushel, 21 lb',
    'Straightneck yellow squash.',
    'Sonora',
    '13.10',
    120,
    30,
    960,
  ],
  [
    'squash',
    'Mexican grey squash 1/2 bushel',
    'Calabacita criolla, tender skin.',
    'Guanajuato',
    '11.40',
    120,
    30,
    720,
  ],
  [
    'strawberry',
    'Strawberries 8 x 1 lb clamshell',
    'Conventional strawberries, forced-air cooled.',
    'Michoacán',
    '16.80',
    108,
    27,
    1296,
  ],
  [
    'lime',
    'Persian lime 110ct, 40 lb box',
    'Large seedless Persian limes, juicy.',
    'Veracruz',
    '26.50',
    70,
    10,
    1400,
  ],
  [
    'lime',
    'Persian lime 150ct, 40 lb box',
    'The US retail standard size.',
    'Veracruz',
    '24.00',
    70,
    10,
    2800,
  ],
  [
    'lime',
    'Persian lime 175ct, 40 lb box',
    'Food-service size, bright green.',
    'Colima',
    '22.50',
    70,
    10,
    2100,
  ],
  [
    'lime',
    'Persian lime 200ct, 40 lb box',
    'Bar and juicing size.',
    'Colima',
    '20.75',
    70,
    10,
    1750,
  ],
  [
    'lime',
    'Persian lime 230ct, 40 lb box',
    'Small size for bags.',
    'Veracruz',
    '19.25',
    70,
    10,
    1050,
  ],
  [
    'lime',
    'Key lime (limón mexicano) 10 lb box',
    'Small seeded Mexican limes, strong aroma.',
    'Colima',
    '14.60',
    180,
    40,
    1800,
  ],
  [
    'orange',
    'Valencia orange 88ct, 40 lb carton',
    'Juice-grade Valencia, high sugar.',
    'Veracruz',
    '17.40',
    56,
    14,
    1120,
  ],
  [
    'grapefruit',
    'Ruby red grapefruit 40ct, 40 lb',
    'Red flesh, thin peel.',
    'Tamaulipas',
    '21.80',
    56,
    14,
    560,
  ],
];

const BERRY_VENDOR_ARTICLES: ArticleSeed[] = [
  [
    'strawberry',
    'Strawberries 8 x 1 lb clamshell (Bajío)',
    'Irapuato strawberries, packed in the field.',
    'Guanajuato',
    '15.90',
    108,
    27,
    2160,
  ],
  [
    'strawberry',
    'Organic strawberries 8 x 1 lb',
    'Certified organic, Festival variety.',
    'Guanajuato',
    '22.40',
    108,
    27,
    540,
  ],
  [
    'blueberry',
    'Blueberries 12 x 6 oz clamshell',
    'Large blueberries, 12 mm and up.',
    'Jalisco',
    '27.50',
    216,
    54,
    1728,
  ],
  [
    'blueberry',
    'Blueberries 12 x 18 oz clamshell',
    'Club-store pack.',
    'Jalisco',
    '46.00',
    120,
    30,
    600,
  ],
  [
    'raspberry',
    'Raspberries 12 x 6 oz clamshell',
    'Hand-picked, shipped within 24 hours.',
    'Michoacán',
    '29.75',
    216,
    54,
    1080,
  ],
  [
    'blackberry',
    'Blackberries 12 x 6 oz clamshell',
    'Tupy blackberries, sweet and firm.',
    'Michoacán',
    '23.90',
    216,
    54,
    1296,
  ],
];

const DAY_MS = 86_400_000;
const DEMO_VERIFICATION_REASON =
  'PACA licence and tax id checked against the registries; bank data registered.';

export async function seedDemoMarketplace(
  services: MarketplaceServices,
  clock: SeedClock,
): Promise<void> {
  const { db } = services;
  // The catalogue predates the demo orders: articles appear over the last four months.
  const present = Date.now();
  let articleIndex = 0;
  const [vendorId, berryVendorId, buyerId] = await Promise.all([
    enterpriseIdOfUser(db, 'vendor@demo.test'),
    enterpriseIdOfUser(db, 'vendor2@demo.test'),
    enterpriseIdOfUser(db, 'demo@demo.test'),
  ]);

  const subcategories = new Map<string, { id: string; color: Rgb }>();
  for (const [position, category] of CATEGORIES.entries()) {
    const categoryId = randomUUID();
    await db
      .insertInto('categories')
      .values({
        id: categoryId,
        name_en: category.en,
        name_sp: category.sp,
        image_path: null,
        position,
      })
      .execute();
    for (const [subPosition, subcategory] of category.subcategories.entries()) {
      const id = randomUUID();
      await db
        .insertInto('subcategories')
        .values({
          id,
          category_id: categoryId,
          name_en: subcategory.en,
          name_sp: subcategory.sp,
          image_path: null,
          position: subPosition,
        })
        .execute();
      subcategories.set(subcategory.key, { id, color: subcategory.color });
    }
  }

  const images = new Map<string, string>();
  const imageOf = (key: string, color: Rgb) => {
    let image = images.get(key);
    if (!image) {
      image = producePng(color).toString('base64');
      images.set(key, image);
    }
    return image;
  };

  for (const [enterpriseId, articles] of [
    [vendorId, MAIN_VENDOR_ARTICLES],
    [berryVendorId, BERRY_VENDOR_ARTICLES],
  ] as const) {
    for (const [key, name, description, origin, price, perPallet, minBoxes, stock] of articles) {
      const subcategory = subcategories.get(key);
      if (!subcategory) throw new Error(`Unknown demo subcategory ${key}`);
      clock.travelTo(new Date(present - (120 - articleIndex * 2) * DAY_MS));
      articleIndex += 1;
      const article = await services.vendorArticles.create(
        enterpriseId,
        {
          subcategoryId: subcategory.id,
          name,
          description,
          nameSp: DEMO_ARTICLE_SPANISH[name]?.[0],
          descriptionSp: DEMO_ARTICLE_SPANISH[name]?.[1],
          origin,
          pricePerBoxCents: parseMoney(price),
          boxesPerPallet: perPallet,
          minBoxes,
          stockBoxes: stock,
        },
        'en',
      );
      await services.vendorArticles.addImage(
        enterpriseId,
        article.sArticleId,
        imageOf(key, subcategory.color),
      );
    }
  }

  clock.backToPresent();

  await services.profile.updateEnterprise(vendorId, {
    name: 'Agrícola Demo SPR de RL',
    legalAddress: 'Carretera Uruapan–Pátzcuaro km 4, Uruapan, Michoacán, México',
    pacaLicense: '20231457',
    blueBookNumber: '187342',
    taxId: 'ADE120315AB1',
    description:
      'Growers and packers of avocados, limes and vegetables in Michoacán, Colima and Sinaloa, shipping FOB McAllen year round.',
  });
  await services.profile.updateBank(vendorId, null, {
    bankName: 'Lone Star Commerce Bank',
    accountNumber: '004412873309',
    routingNumber: '111000614',
    clabe: makeClabe('012', '180', '00118359712'),
    bankNameMxn: 'BBVA MEXICO',
  });
  await services.profile.updateEnterprise(berryVendorId, {
    name: 'Berries del Bajío SA de CV',
    legalAddress: 'Av. Guerrero 1250, Irapuato, Guanajuato, México',
    pacaLicense: '20240812',
    blueBookNumber: '201455',
    taxId: 'BBA180101QW5',
    description:
      'Strawberries, blueberries, raspberries and blackberries from the Bajío and Michoacán.',
  });
  await services.profile.updateBank(berryVendorId, null, {
    bankName: null,
    accountNumber: null,
    routingNumber: null,
    clabe: makeClabe('014', '210', '60507838512'),
    bankNameMxn: 'SANTANDER',
  });
  await services.profile.updateEnterprise(buyerId, {
    name: 'Demo Produce Imports LLC',
    legalAddress: '1100 E Expressway 83, McAllen, TX 78503, USA',
    pacaLicense: '20190377',
    blueBookNumber: '164820',
    taxId: '74-3019283',
    description: 'Importer and distributor of Mexican produce for the Midwest.',
  });
  // New legal ids wait for the back office's check: the demo companies were checked, and
  // only a verified grower's articles are listed.
  for (const id of [vendorId, berryVendorId, buyerId]) {
    await services.verification.decide(id, true, DEMO_VERIFICATION_REASON);
  }

  await services.warehouses.create(buyerId, {
    name: 'McAllen cold storage',
    address: '1100 E Expressway 83',
    country: 'United States',
    state: 'Texas',
    city: 'McAllen',
    postalCode: '78503',
    phone: '+1 956 555 0142',
    email: 'receiving@demo.test',
    manager: 'Diana Morales',
    latitude: '26.189400',
    longitude: '-98.207800',
    comments: 'Dock 4; receiving 6:00–18:00, appointments by phone.',
  });
}
