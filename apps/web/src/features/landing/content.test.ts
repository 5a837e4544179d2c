import { describe, expect, it } from 'vitest';
import { loadLandingContent } from '@portal/shared/content/landing';
import { mediaImages, sponsorLogos, stepIcons } from './images';

const [en, sp] = await Promise.all([loadLandingContent('en'), loadLandingContent('sp')]);

// Both languages' structure, emptiness and translation are checked with every content file in
// packages/shared/src/content/content.test.ts; these are the landing page's own rules.
describe('landing content files', () => {
  it('use the same ids and dates in both languages', () => {
    const pick = (content: typeof en) => ({
      tiers: content.sponsors.tiers.map((tier) => [tier.id, tier.sponsors.map((sponsor) => sponsor.id)]),
      media: content.media.items.map((item) => [item.id, item.date]),
      faq: content.faq.items.map((item) => item.id),
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
