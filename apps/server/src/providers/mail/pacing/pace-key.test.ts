import { describe, expect, it } from 'vitest';
import { paceKeyOf } from './pace-key';

describe('paceKeyOf', () => {
  it('puts every domain of a large provider under the provider, also its country domains', () => {
    const keys = [
      'ana@outlook.com',
      'ana@Hotmail.com',
      'ana@live.com',
      'ana@msn.com',
      'ana@hotmail.co.uk',
      'ana@outlook.es',
      'ana@live.com.mx',
      'ana@hotmail.fr',
      'ana@yahoo.com',
      'ana@yahoo.es',
      'ana@yahoo.com.mx',
      'ana@ymail.com',
      'ana@aol.com',
      'ana@aol.co.uk',
      'ana@gmail.com',
      'ana@GOOGLEMAIL.COM',
    ].map(paceKeyOf);
    expect(keys).toEqual([
      'microsoft',
      'microsoft',
      'microsoft',
      'microsoft',
      'microsoft',
      'microsoft',
      'microsoft',
      'microsoft',
      'yahoo',
      'yahoo',
      'yahoo',
      'yahoo',
      'yahoo',
      'yahoo',
      'google',
      'google',
    ]);
  });

  it('keeps any other domain, in lower case, even one that starts with a provider’s name', () => {
    expect(
      [
        'luis@Clinic.Example.org',
        'luis@live.example.org',
        'luis@outlook.acme.com',
        'luis@gmail.co.uk',
        'luis@livehealth.com',
        'luis@constructor.es',
        'luis@example.org.',
      ].map(paceKeyOf),
    ).toEqual([
      'clinic.example.org',
      'live.example.org',
      'outlook.acme.com',
      'gmail.co.uk',
      'livehealth.com',
      'constructor.es',
      'example.org',
    ]);
  });
});
