import type { Language } from '../constants';
import en from './landing/en.json';
import sp from './landing/sp.json';

/** Every text of the public landing page (study story, FAQs, sponsors, partners, media room); same shape in both. */
export type LandingContent = typeof en;

export const landingContent: Record<Language, LandingContent> = { en, sp };
