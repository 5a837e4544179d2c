import type { Language } from '@portal/shared/constants';
import { pluralKey } from '@portal/shared/i18n/plural';

/**
 * The values of a text's `{{name}}` places, and what a key without a text gives (the key itself otherwise). A
 * numeric `count` also picks the text's plural form (`key_one`, `key_other`…: see `pluralKey`).
 */
export type TOptions = { defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

/** What a component renders with: the texts' function in one language, and the translator it came from. */
export interface Translation {
  readonly t: TFunction;
  readonly i18n: Translator;
}

/** A catalog as written: nested objects whose leaves are texts, found by their dotted path (`shell.language`). */
type Catalog = Record<string, unknown>;

/** The texts of every language loaded so far, shared by a translator and those it makes for other languages. */
interface TextStore {
  readonly texts: Map<Language, Map<string, string>>;
  readonly listeners: Set<() => void>;
  /** Counts every change of language, so a translator knows its last snapshot is stale. */
  version: number;
  readonly load: (language: Language) => Promise<void>;
}

const PLACE = /\{\{\s*([\w.]+)\s*\}\}/g;

function addLeaves(catalog: Catalog, prefix: string, into: Map<string, string>) {
  for (const [name, value] of Object.entries(catalog)) {
    if (typeof value === 'string') into.set(prefix + name, value);
    else if (value !== null && typeof value === 'object') addLeaves(value as Catalog, `${prefix}${name}.`, into);
  }
}

/** `text` with each `{{name}}` replaced by that option's value; a place without a value stays as written. */
function fill(text: string, options: TOptions | undefined) {
  if (!options) return text;
  return text.replace(PLACE, (place, name: string) => {
    const value = options[name];
    return value === undefined ? place : String(value);
  });
}

/**
 * The portal's texts in one language at a time. Texts arrive in parts (`addTexts`); `changeLanguage` loads the
 * language's texts with the loader it was made with before switching. Components follow it through
 * `subscribe` and `getSnapshot`, whose value changes only when the language does.
 */
export class Translator {
  readonly #store: TextStore;
  #language: Language;
  #snapshot: { version: number; translation: Translation } | undefined;

  constructor(language: Language, store: TextStore) {
    this.#language = language;
    this.#store = store;
  }

  get language(): Language {
    return this.#language;
  }

  /** The same texts shown in `language`, for a part of a page in another language than the rest. */
  inLanguage(language: Language): Translator {
    return new Translator(language, this.#store);
  }

  /**
   * Adds a part of `language`'s catalog; a text already there under the same key is replaced. Nothing renders
   * again: a part arrives before what needs it renders (a page waits for its texts, a language is loaded before
   * it shows), and rendering everything again while the app takes a pre-rendered page over would make React
   * throw that page away and render it afresh.
   */
  addTexts(language: Language, catalog: Catalog) {
    let texts = this.#store.texts.get(language);
    if (!texts) this.#store.texts.set(language, (texts = new Map()));
    addLeaves(catalog, '', texts);
  }

  hasTexts(language: Language): boolean {
    return (this.#store.texts.get(language)?.size ?? 0) > 0;
  }

  /** Shows `language` at once, with whatever of its texts are loaded. */
  setLanguage(language: Language) {
    if (language === this.#language) return;
    this.#language = language;
    this.#changed();
  }

  /** Loads `language`'s texts, then shows it. */
  async changeLanguage(language: Language) {
    await this.#store.load(language);
    this.setLanguage(language);
  }

  /**
   * The text of `key` in the language shown, in the plural form of a numeric `count`, its places filled;
   * `defaultValue`, or the key, when there is none.
   */
  t: TFunction = (key, options) => this.#translate(this.#language, key, options);

  subscribe = (listener: () => void) => {
    this.#store.listeners.add(listener);
    return () => void this.#store.listeners.delete(listener);
  };

  getSnapshot = (): Translation => {
    const { version } = this.#store;
    if (this.#snapshot?.version !== version) {
      const language = this.#language;
      const t: TFunction = (key, options) => this.#translate(language, key, options);
      this.#snapshot = { version, translation: { t, i18n: this } };
    }
    return this.#snapshot.translation;
  };

  #translate(language: Language, key: string, options: TOptions | undefined) {
    const texts = this.#store.texts.get(language);
    const text = texts?.get(options ? pluralKey(language, key, options.count, (form) => texts.has(form)) : key);
    return text === undefined ? (options?.defaultValue ?? key) : fill(text, options);
  }

  #changed() {
    this.#store.version += 1;
    for (const listener of [...this.#store.listeners]) listener();
  }
}

/** A translator showing `language`, whose `changeLanguage` loads a language's texts with `load` first. */
export function createTranslator(language: Language, load: (language: Language) => Promise<void>): Translator {
  return new Translator(language, { texts: new Map(), listeners: new Set(), version: 0, load });
}
