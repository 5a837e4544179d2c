/** Domains of the large mail providers, whose limits apply to all their domains together. */
const PROVIDER_DOMAINS: Record<string, readonly string[]> = {
  microsoft: ['outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'passport.com'],
  yahoo: ['yahoo.com', 'ymail.com', 'rocketmail.com', 'aol.com', 'aim.com'],
  google: ['gmail.com', 'googlemail.com'],
};

const PROVIDER_OF = new Map(
  Object.entries(PROVIDER_DOMAINS).flatMap(([provider, domains]) => domains.map((d) => [d, provider] as const)),
);

/**
 * The key bulk mail to `address` is paced under: the provider's name for the large providers' domains (also their
 * country domains, such as hotmail.co.uk or yahoo.es), the address's domain in lower case for any other.
 */
export function paceKeyOf(address: string): string {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const known = PROVIDER_OF.get(domain);
  if (known) return known;
  const [name] = domain.split('.');
  for (const [provider, domains] of Object.entries(PROVIDER_DOMAINS))
    if (domains.some((d) => d.split('.')[0] === name)) return provider;
  return domain;
}
