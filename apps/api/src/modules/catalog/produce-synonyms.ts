/**
 * Words buyers use for the same produce, in English and Spanish (Mexican and other regional
 * names). A typed word of a group also looks for the group's other words, so 'palta' finds an
 * article its grower called 'aguacate', and 'chili' one filed under 'chiles'. Phrases are read
 * before the words: 'frutos rojos' means berries, not a red fruit.
 *
 * Words are lower case without accents, as search text is compared.
 */
const GROUPS: readonly (readonly string[])[] = [
  ['berry', 'berries', 'baya', 'bayas', 'mora', 'moras', 'frutos rojos', 'frutillas rojas'],
  ['avocado', 'avocados', 'aguacate', 'aguacates', 'palta', 'paltas'],
  ['strawberry', 'strawberries', 'fresa', 'fresas', 'frutilla', 'frutillas'],
  ['blueberry', 'blueberries', 'arandano', 'arandanos', 'mora azul'],
  ['raspberry', 'raspberries', 'frambuesa', 'frambuesas'],
  ['blackberry', 'blackberries', 'zarzamora', 'zarzamoras'],
  ['chile', 'chiles', 'chili', 'chilis', 'chilies', 'chilli', 'chillies', 'aji'],
  ['pepper', 'peppers', 'pimiento', 'pimientos', 'morron', 'morrones'],
  ['tomato', 'tomatoes', 'tomate', 'tomates', 'jitomate', 'jitomates'],
  ['tomatillo', 'tomatillos', 'tomate verde', 'miltomate'],
  ['lime', 'limes', 'limon', 'limones'],
  ['lemon', 'lemons', 'limon amarillo', 'limon real'],
  ['orange', 'oranges', 'naranja', 'naranjas'],
  ['grapefruit', 'grapefruits', 'toronja', 'toronjas', 'pomelo', 'pomelos'],
  ['mango', 'mangoes', 'mangos'],
  ['papaya', 'papayas', 'lechosa', 'fruta bomba'],
  ['melon', 'melons', 'melones'],
  ['cantaloupe', 'cantaloupes', 'melon chino'],
  ['cucumber', 'cucumbers', 'pepino', 'pepinos'],
  ['squash', 'calabaza', 'calabazas'],
  ['zucchini', 'zucchinis', 'courgette', 'calabacita', 'calabacitas', 'calabacin'],
  ['onion', 'onions', 'cebolla', 'cebollas'],
  ['garlic', 'ajo', 'ajos'],
  ['potato', 'potatoes', 'papa', 'papas', 'patata', 'patatas'],
  ['banana', 'bananas', 'platano', 'platanos', 'guineo'],
  ['watermelon', 'watermelons', 'sandia', 'sandias'],
  ['pineapple', 'pineapples', 'pina', 'pinas', 'anana'],
  ['grape', 'grapes', 'uva', 'uvas'],
  ['lettuce', 'lechuga', 'lechugas'],
  ['green bean', 'green beans', 'ejote', 'ejotes'],
  ['corn', 'sweet corn', 'elote', 'elotes', 'maiz'],
  ['asparagus', 'esparrago', 'esparragos'],
  ['broccoli', 'brocoli', 'brocolis'],
  ['cilantro', 'coriander'],
  ['vegetable', 'vegetables', 'verdura', 'verduras', 'hortaliza', 'hortalizas', 'legumbres'],
  ['fruit', 'fruits', 'fruta', 'frutas'],
  ['citrus', 'citricos', 'citrico'],
  ['organic', 'organico', 'organicos', 'organica', 'organicas'],
];

/** Each word or phrase of every group, to the group's other words (single words only). */
const ALTERNATIVES = new Map<string, readonly string[]>();
/** Phrases of two or more words, longest first, so the longer phrase wins. */
const PHRASES: string[] = [];

for (const group of GROUPS) {
  const words = group.filter((term) => !term.includes(' '));
  for (const term of group) {
    ALTERNATIVES.set(term, [...new Set([...(term.includes(' ') ? [] : [term]), ...words])]);
    if (term.includes(' ')) PHRASES.push(term);
  }
}
PHRASES.sort((a, b) => b.length - a.length);

/** Lower case, accents removed, as the search text is stored. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A word of a search: what was typed (when it was not a known phrase) and the words that count the same. */
export interface SearchTerm {
  /** The typed word, folded; matched as a prefix and with typos forgiven. */
  typed: string | undefined;
  /** Other words for the same produce; matched whole (stemmed), never as a prefix. */
  synonyms: string[];
}

/**
 * The words of a search, each with the words that also count for it. A known phrase becomes
 * one term standing for its group ('frutos rojos' → berry, berries, …).
 */
export function searchTermsOf(tokens: readonly string[]): SearchTerm[] {
  const folded = tokens.map(foldForSearch);
  const terms: SearchTerm[] = [];
  for (let index = 0; index < folded.length;) {
    const phrase = PHRASES.find((candidate) =>
      candidate.split(' ').every((word, offset) => folded[index + offset] === word),
    );
    if (phrase !== undefined) {
      terms.push({ typed: undefined, synonyms: [...(ALTERNATIVES.get(phrase) ?? [])] });
      index += phrase.split(' ').length;
      continue;
    }
    const word = folded[index] ?? '';
    terms.push({
      typed: word,
      synonyms: (ALTERNATIVES.get(word) ?? []).filter((synonym) => synonym !== word),
    });
    index += 1;
  }
  return terms;
}
