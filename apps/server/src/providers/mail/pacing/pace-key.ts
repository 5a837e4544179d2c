import type { TProviderPaceKey as ProviderPaceKey } from '@portal/shared/email-analytics/email-backlog';

/** Each large provider's own domains, matched exactly: its limits apply to all of them together. */
const PROVIDER_DOMAINS: Record<ProviderPaceKey, readonly string[]> = {
  microsoft: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'passport.com', 'windowslive.com'],
  yahoo: ['yahoo.com', 'ymail.com', 'rocketmail.com', 'aol.com', 'aim.com'],
  google: ['gmail.com', 'googlemail.com'],
};

/**
 * Names the providers also use under a country's domain (hotmail.co.uk, live.com.mx, outlook.es, yahoo.es,
 * aol.fr): the name, then a two-letter country code, alone or after co., com. or net.
 */
const COUNTRY_NAMES = new Map<string, ProviderPaceKey>([
  ['outlook', 'microsoft'],
  ['hotmail', 'microsoft'],
  ['live', 'microsoft'],
  ['yahoo', 'yahoo'],
  ['aol', 'yahoo'],
]);
const COUNTRY_DOMAIN = /^([a-z]+)\.(?:(?:co|com|net)\.)?[a-z]{2}$/;

const PROVIDER_OF = new Map(
  Object.entries(PROVIDER_DOMAINS).flatMap(([provider, domains]) =>
    domains.map((domain) => [domain, provider as ProviderPaceKey] as const),
  ),
);

/**
 * The key bulk mail to `address` is paced under: the provider's name for the large providers' domains (also their
 * country domains), the address's domain in lower case for any other. A company's own server that merely starts
 * with a provider's name (live.example.org, outlook.acme.com) keeps its own domain.
 */
export function paceKeyOf(address: string): string {
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const known = PROVIDER_OF.get(domain);
  if (known) return known;
  const name = COUNTRY_DOMAIN.exec(domain)?.[1];
  return (name && COUNTRY_NAMES.get(name)) || domain;
}
