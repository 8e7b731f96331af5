/**
 * The Spanish name and description of each demo article, keyed by its English name
 * (demo-marketplace.ts). Demo articles carry both languages so the catalogue reads in
 * either and the search finds 'aguacate' as well as 'avocado'.
 */
export const DEMO_ARTICLE_SPANISH: Record<string, readonly [name: string, description: string]> = {
  'Hass avocado 48ct, 25 lb lug': [
    'Aguacate Hass 48 piezas, caja de 25 lb',
    'Hass grande, materia seca mayor a 23 %, listo para madurar.',
  ],
  'Hass avocado 60ct, 25 lb lug': [
    'Aguacate Hass 60 piezas, caja de 25 lb',
    'Hass mediano-grande, el favorito de restaurantes.',
  ],
  'Hass avocado 70ct, 25 lb lug': [
    'Aguacate Hass 70 piezas, caja de 25 lb',
    'Hass de tamaño para tiendas, acondicionado a pedido.',
  ],
  'Organic Hass avocado 84ct, 25 lb lug': [
    'Aguacate Hass orgánico 84 piezas, caja de 25 lb',
    'Orgánico certificado (USDA NOP), tamaño chico para bolsas.',
  ],
  'Ataulfo mango 14ct, 10 lb box': [
    'Mango Ataulfo 14 piezas, caja de 10 lb',
    'Mangos Ataulfo (miel), con tratamiento hidrotérmico.',
  ],
  'Tommy Atkins mango 9ct, 10 lb box': [
    'Mango Tommy Atkins 9 piezas, caja de 10 lb',
    'Firme, chapeo rojo, larga vida de anaquel.',
  ],
  'Kent mango 8ct, 10 lb box': [
    'Mango Kent 8 piezas, caja de 10 lb',
    'Kent de fin de temporada, poca fibra.',
  ],
  'Maradol papaya 35 lb box': [
    'Papaya Maradol, caja de 35 lb',
    'Maradol, de 6 a 9 frutos por caja, un cuarto de color.',
  ],
  'Cantaloupe 9ct, 40 lb carton': [
    'Melón cantalupo 9 piezas, caja de 40 lb',
    'Melón cantalupo reticulado, desprendimiento completo.',
  ],
  'Honeydew 6ct, 30 lb carton': [
    'Melón chino verde (honeydew) 6 piezas, caja de 30 lb',
    'Pulpa verde, azúcar mayor a 10 Brix.',
  ],
  'Roma tomato 25 lb box': [
    'Jitomate saladet (Roma), caja de 25 lb',
    'Roma de campo abierto, dos camas, de rosa a rojo claro.',
  ],
  'Grape tomato 12 x 1 pint flat': [
    'Jitomate uva 12 x 1 pinta',
    'Jitomates uva de invernadero en clamshell.',
  ],
  'Beefsteak tomato 5x6, 25 lb box': [
    'Jitomate bola 5x6, caja de 25 lb',
    'Jitomate bola de invernadero, tamaño uniforme.',
  ],
  'Tomatillo 40 lb box': [
    'Tomate verde, caja de 40 lb',
    'Tomate verde con cáscara para salsa verde.',
  ],
  'Jalapeño 1 1/9 bushel, 28 lb': [
    'Chile jalapeño 1 1/9 bushel, 28 lb',
    'Jalapeño verde oscuro, picor medio.',
  ],
  'Green bell pepper XL, 25 lb box': [
    'Pimiento morrón verde XL, caja de 25 lb',
    'Morrón verde extra grande, pared gruesa.',
  ],
  'Red bell pepper 11 lb box': [
    'Pimiento morrón rojo, caja de 11 lb',
    'Morrón rojo de invernadero, de 15 a 18 frutos.',
  ],
  'Serrano pepper 1 1/9 bushel, 30 lb': [
    'Chile serrano 1 1/9 bushel, 30 lb',
    'Serrano verde brillante, picante.',
  ],
  'Poblano pepper 1 1/9 bushel, 25 lb': [
    'Chile poblano 1 1/9 bushel, 25 lb',
    'Poblano brillante para asar y chiles rellenos.',
  ],
  'Cucumber super select 24ct carton': [
    'Pepino súper selecto, caja de 24 piezas',
    'Pepino encerado para rebanar, equivalente a 55 lb.',
  ],
  'Persian cucumber 12 x 6ct flat': [
    'Pepino persa 12 x 6 piezas',
    'Minipepinos de invernadero en bolsas.',
  ],
  'English cucumber 12ct carton': [
    'Pepino europeo, caja de 12 piezas',
    'Pepinos sin semilla, emplayados.',
  ],
  'Zucchini medium 1/2 bushel, 21 lb': [
    'Calabaza zucchini mediana 1/2 bushel, 21 lb',
    'Zucchini mediana verde oscuro.',
  ],
  'Yellow squash 1/2 bushel, 21 lb': [
    'Calabaza amarilla 1/2 bushel, 21 lb',
    'Calabaza amarilla de cuello recto.',
  ],
  'Mexican grey squash 1/2 bushel': [
    'Calabacita criolla 1/2 bushel',
    'Calabacita criolla de cáscara tierna.',
  ],
  'Strawberries 8 x 1 lb clamshell': [
    'Fresas 8 x 1 lb en clamshell',
    'Fresas convencionales, preenfriadas con aire forzado.',
  ],
  'Persian lime 110ct, 40 lb box': [
    'Limón persa 110 piezas, caja de 40 lb',
    'Limón persa grande sin semilla, jugoso.',
  ],
  'Persian lime 150ct, 40 lb box': [
    'Limón persa 150 piezas, caja de 40 lb',
    'El tamaño estándar de las tiendas de EE. UU.',
  ],
  'Persian lime 175ct, 40 lb box': [
    'Limón persa 175 piezas, caja de 40 lb',
    'Tamaño para restaurantes, verde brillante.',
  ],
  'Persian lime 200ct, 40 lb box': [
    'Limón persa 200 piezas, caja de 40 lb',
    'Tamaño para bares y jugos.',
  ],
  'Persian lime 230ct, 40 lb box': [
    'Limón persa 230 piezas, caja de 40 lb',
    'Tamaño chico para bolsas.',
  ],
  'Key lime (limón mexicano) 10 lb box': [
    'Limón mexicano, caja de 10 lb',
    'Limón mexicano chico con semilla, aroma intenso.',
  ],
  'Valencia orange 88ct, 40 lb carton': [
    'Naranja Valencia 88 piezas, caja de 40 lb',
    'Valencia para jugo, alto contenido de azúcar.',
  ],
  'Ruby red grapefruit 40ct, 40 lb': [
    'Toronja roja (Ruby Red) 40 piezas, 40 lb',
    'Pulpa roja, cáscara delgada.',
  ],
  'Strawberries 8 x 1 lb clamshell (Bajío)': [
    'Fresas 8 x 1 lb en clamshell (Bajío)',
    'Fresas de Irapuato, empacadas en el campo.',
  ],
  'Organic strawberries 8 x 1 lb': [
    'Fresas orgánicas 8 x 1 lb',
    'Orgánicas certificadas, variedad Festival.',
  ],
  'Blueberries 12 x 6 oz clamshell': [
    'Arándanos azules 12 x 6 oz en clamshell',
    'Arándanos grandes, de 12 mm en adelante.',
  ],
  'Blueberries 12 x 18 oz clamshell': [
    'Arándanos azules 12 x 18 oz en clamshell',
    'Empaque para clubes de precio.',
  ],
  'Raspberries 12 x 6 oz clamshell': [
    'Frambuesas 12 x 6 oz en clamshell',
    'Cosechadas a mano, enviadas en menos de 24 horas.',
  ],
  'Blackberries 12 x 6 oz clamshell': [
    'Zarzamoras 12 x 6 oz en clamshell',
    'Zarzamoras Tupy, dulces y firmes.',
  ],
};
