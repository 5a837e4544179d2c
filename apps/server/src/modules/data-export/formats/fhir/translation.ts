/** A text in the portal's two languages. */
export interface Texts {
  en: string;
  sp: string;
}

export const TRANSLATION_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/translation';

/**
 * The element extension (`_text`, `_title`, `_display`) holding a text's Spanish translation, or nothing when the
 * Spanish is the English (a number, a missing translation): a copy would tell a reader nothing.
 */
export function spanish(texts: Texts) {
  if (!texts.sp || texts.sp === texts.en) return undefined;
  return {
    extension: [
      {
        url: TRANSLATION_EXTENSION,
        extension: [
          { url: 'lang', valueCode: 'es' },
          { url: 'content', valueString: texts.sp },
        ],
      },
    ],
  };
}

/** A text element in English and its Spanish translation beside it, under the element's name (`text`, `_text`). */
export function translatable(name: string, texts: Texts): Record<string, unknown> {
  const translation = spanish(texts);
  return translation ? { [name]: texts.en, [`_${name}`]: translation } : { [name]: texts.en };
}
