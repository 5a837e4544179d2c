import type { Language } from '../constants';

/**
 * Words to search with: lower case, without accents (so "diálisis" and "dialisis" meet), apostrophes dropped
 * ("can't" is "cant"), split on anything that is not a letter or a digit.
 */
export function normalizedWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The words' normalized text joined by single spaces, for matching whole phrases. */
export const normalizedPhrase = (text: string) => ` ${normalizedWords(text).join(' ')} `;

// Words that say nothing about what is asked. Question words stay out of these lists' way: "how", "when" and
// "who" are dropped too, since every article answers some how or when.
const STOPWORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    `a about above after again all also am an and any are as at be been before being below between both but by
    can could did do does doing done down during each few for from further get gets getting got had has have having
    he her here hers him his how i if in into is it its just know let like me might more most much must my
    no nor not now of off on once only or other our out over own please same she should so some such tell than
    that the their them then there these they this those through to too under until up us very want was way we
    were what when where which while who whom will with would you your yours yourself im ive id actually
    really anything something thing things happen mean means okay ok normal go going gonna lot lots`.split(/\s+/),
  ),
  sp: new Set(
    `a al algo algun alguna alguno algunos ante antes aqui asi como con contra cual cuales cuando cuanto de del
    desde donde durante e el ella ellas ellos en entre era es esa ese eso esta estan estar este esto estos fue
    ha hace hacer han hasta hay he la las le les lo los mas me mi mis mucho muy nada ni no nos nosotros o os otra
    otro para pero poco por porque puede pueden puedo que quien se sea ser si sin sobre soy su sus tal tambien
    te tengo ti tiene tienen todo tu tus un una unas uno unos usted ustedes y ya yo saber quiero quisiera
    favor necesito va van voy ir hay normal significa algo cosa cosas pasa`.split(/\s+/),
  ),
};

/** A light English stemmer: enough that "changes", "changed" and "changing" meet at "chang". */
function stemEnglish(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('es') && w.length > 4 && !w.endsWith('ses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith('ment') && w.length > 7) w = w.slice(0, -4);
  if (w.endsWith('ation') && w.length > 7) w = w.slice(0, -3);
  else if (w.endsWith('tion') && w.length > 6) w = w.slice(0, -3);
  if (/([bdfgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  return w;
}

/** A light Spanish stemmer: plurals, adverbs, gerunds, infinitives with a pronoun and final vowels. */
function stemSpanish(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('mente') && w.length > 7) w = w.slice(0, -5);
  w = w.replace(/(ar|er|ir)(me|se|lo|la|le|los|las|les|nos)$/, '$1');
  if (w.endsWith('iones')) w = w.slice(0, -2);
  else if (w.endsWith('ces') && w.length > 4) w = `${w.slice(0, -3)}z`;
  else if (/[^aeiou]es$/.test(w) && w.length > 4) w = w.slice(0, -2);
  else if (/[aeiou]s$/.test(w) && w.length > 4) w = w.slice(0, -1);
  if (/(ando|iendo)$/.test(w) && w.length > 6) w = w.replace(/(ando|iendo)$/, '');
  else if (/(ar|er|ir)$/.test(w) && w.length > 4) w = w.slice(0, -2);
  if (/[aeo]$/.test(w) && w.length > 4) w = w.slice(0, -1);
  return w;
}

export function stem(word: string, language: Language): string {
  return language === 'sp' ? stemSpanish(word) : stemEnglish(word);
}

/** Compound words of the subject that also stand for their last part: hemodialysis is dialysis too. */
const COMPOUNDS = /^(hemo)(dial[iy]sis)$/;

/** The searchable terms of a text: its words without stopwords, stemmed. */
export function searchTerms(text: string, language: Language): string[] {
  const stopwords = STOPWORDS[language];
  return normalizedWords(text)
    .filter((word) => word.length > 1 && !stopwords.has(word))
    .flatMap((word) => {
      const part = COMPOUNDS.exec(word)?.[2];
      return part ? [stem(word, language), stem(part, language)] : [stem(word, language)];
    });
}

/** Whether two terms are at most `limit` single-letter edits apart (insert, delete, change, swap). */
export function withinEdits(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  // Optimal string alignment distance, rows of the dynamic programme only.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, twoBack[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return false;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length]! <= limit;
}
