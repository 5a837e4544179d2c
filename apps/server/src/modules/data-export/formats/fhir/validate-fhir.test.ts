import { describe, expect, it } from 'vitest';
import { expectValidFhir } from './validate-fhir.test-helper';

const consent = {
  resourceType: 'Consent',
  id: 'c-1',
  status: 'active',
  scope: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'research' }] },
  category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentcategorycodes', code: 'research' }] }],
  policy: [{ uri: 'urn:example:policy' }],
};

describe('expectValidFhir', () => {
  it('accepts a valid resource', () => expectValidFhir(consent));

  it('refuses a broken invariant, a code outside a required value set and an id FHIR does not allow', () => {
    expect(() => expectValidFhir({ ...consent, policy: undefined })).toThrow(/ppc-1/);
    expect(() => expectValidFhir({ ...consent, status: 'signed' })).toThrow(/Consent\.status: signed is not one of/);
    expect(() => expectValidFhir({ ...consent, id: 'c_1' })).toThrow(/Consent\.id: c_1 breaks/);
  });
});
