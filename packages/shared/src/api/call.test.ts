import { describe, expect, it } from 'vitest';
import { pathOf } from './call';

describe('call paths', () => {
  it('fill each path parameter with its value, encoded', () => {
    expect(pathOf('/survey/response/:responseId/submit', { responseId: 42 })).toBe('/survey/response/42/submit');
    expect(pathOf('/signature/ceremony/:formId', { formId: 'a b/c' })).toBe('/signature/ceremony/a%20b%2Fc');
  });
});
