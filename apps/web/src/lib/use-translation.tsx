import {
  cloneElement,
  createContext,
  useContext,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { i18n } from './i18n';
import type { TFunction, Translation, Translator } from './translator';

const TranslatorContext = createContext<Translator>(i18n);

/** Shows what is inside in `translator`'s language rather than the portal's (a preview in the other language). */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/** The texts in the language shown; the component renders again when the language changes. */
export function useTranslation(): Translation {
  const translator = useContext(TranslatorContext);
  return useSyncExternalStore(translator.subscribe, translator.getSnapshot, translator.getSnapshot);
}

const TAGGED = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A text whose `<name>…</name>` parts become the elements of `components` (a link, say), with the part's words
 * inside; the rest of the text stays plain.
 */
export function Trans({
  t,
  i18nKey,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey);
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(TAGGED)) {
    const [whole, name = '', words] = match;
    const component = components[name];
    parts.push(text.slice(from, match.index));
    parts.push(component ? cloneElement(component, { key: parts.length }, words) : whole);
    from = match.index + whole.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
