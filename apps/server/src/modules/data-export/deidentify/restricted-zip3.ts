/**
 * The three-digit ZIP areas of 20,000 people or fewer, whose codes a de-identified file writes as `000`. The list is
 * the one the HHS Office for Civil Rights gives in its "Guidance Regarding Methods for De-identification of
 * Protected Health Information" (2012, on 45 CFR 164.514(b)(2)(i)(B)), built from the three-digit ZIP Code
 * Tabulation Areas of the 2000 Census. The guidance names the areas without their populations, so none are kept
 * here. HHS has published no newer list; should it, or should newer census counts be adopted, replace it here.
 */
export const RESTRICTED_ZIP3: ReadonlySet<string> = new Set([
  '036',
  '059',
  '063',
  '102',
  '203',
  '556',
  '692',
  '790',
  '821',
  '823',
  '830',
  '831',
  '878',
  '879',
  '884',
  '890',
  '893',
]);

/** The census the list comes from, and the population at or under which an area is restricted. */
export const RESTRICTED_ZIP3_SOURCE = { census: 2000, maxPopulation: 20_000 } as const;
