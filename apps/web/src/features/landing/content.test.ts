import { describe, expect, it } from 'vitest';
import en from './content/en.json';
import sp from './content/sp.json';
import { mediaImages, sponsorLogos, stepIcons } from './images';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every path in a JSON value, e.g. `faq.items[0].question`, with arrays listed by index. */
function keyPaths(value: Json, prefix = ''): string[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => keyPaths(item, `${prefix}[${index}]`))];
  if (value !== null && typeof value === 'object')
    return [
      prefix,
      ...Object.entries(value).flatMap(([key, item]) => keyPaths(item, prefix ? `${prefix}.${key}` : key)),
    ];
  return [`${prefix}:${typeof value}`];
}

/** Every string leaf with its path. */
function strings(value: Json, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, prefix ? `${prefix}.${key}` : key));
  return [];
}

describe('landing content files', () => {
  it('have the same key structure in English and Spanish', () => {
    expect(keyPaths(sp)).toEqual(keyPaths(en));
  });

  it('contain no empty strings', () => {
    for (const content of [en, sp]) {
      const empty = strings(content).filter(([, text]) => text.trim() === '');
      expect(empty).toEqual([]);
    }
  });

  it('are really translated: the Spanish texts differ from the English ones except names, ids and dates', () => {
    const spanish = new Map(strings(sp));
    const same = strings(en).filter(([path, text]) => spanish.get(path) === text);
    const allowed = /(\.id|\.date|\.name)$/;
    expect(same.map(([path]) => path).filter((path) => !allowed.test(path))).toEqual([]);
  });

  it('use the same ids and dates in both languages', () => {
    const pick = (content: typeof en) => ({
      tiers: content.sponsors.tiers.map((tier) => [tier.id, tier.sponsors.map((sponsor) => sponsor.id)]),
      media: content.media.items.map((item) => [item.id, item.date]),
    });
    expect(pick(sp)).toEqual(pick(en));
    expect(en.sponsors.tiers.map((tier) => tier.id)).toEqual(['platinum', 'gold', 'silver']);
  });

  it('have at least eight FAQs and three or four press items with ISO dates', () => {
    expect(en.faq.items.length).toBeGreaterThanOrEqual(8);
    expect(en.media.items.length).toBeGreaterThanOrEqual(3);
    expect(en.media.items.length).toBeLessThanOrEqual(4);
    for (const item of en.media.items) expect(item.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('have an image for every step, sponsor and press item', () => {
    expect(stepIcons).toHaveLength(en.steps.items.length);
    for (const tier of en.sponsors.tiers)
      for (const sponsor of tier.sponsors) expect(sponsorLogos[sponsor.id]).toBeTruthy();
    for (const item of en.media.items) expect(mediaImages[item.id]).toBeTruthy();
  });
});
