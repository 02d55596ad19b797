/**
 * The words of the sandbox's pages (the card page, the 3-D Secure challenge, the issuer page such
 * as PIX's) in the shopper's language: the request's `browser_lang`, the interface's one language
 * field, which the companion fills with the element's locale. The service's pages are the
 * service's own, so the sandbox keeps its own texts (it never imports the widget or the
 * companion); it speaks every locale the element ships (a test holds the two lists together).
 * A tag resolves to its exact locale, else its language's, else English.
 */
import { ENGLISH, PAGE_LOCALES, type PageTexts } from './page-words.ts';

export type { PageTexts } from './page-words.ts';

/** A page's language: its texts, its `lang` and its direction. */
export interface PageLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
  t: PageTexts;
}

const RTL = new Set(['ar', 'he']);
const TAGS = ['en', ...Object.keys(PAGE_LOCALES)];

/** The language of the pages for `tag` (a BCP 47 tag such as `pt-BR`, `fr-CA`); English if unknown. */
export function pageLanguage(tag = ''): PageLanguage {
  const find = (name: string) => TAGS.find((known) => known.toLowerCase() === name.toLowerCase());
  const lang = find(tag) ?? find(tag.split('-')[0] ?? '') ?? (/^no\b/i.test(tag) ? 'nb' : 'en');
  return {
    lang,
    dir: RTL.has(lang) ? 'rtl' : 'ltr',
    t: { ...ENGLISH, ...PAGE_LOCALES[lang] },
  };
}

/** The locales the pages speak, English first. */
export const PAGE_LANGUAGES: readonly string[] = TAGS;
