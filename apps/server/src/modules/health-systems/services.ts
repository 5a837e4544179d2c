import { createConsentService } from './consent-service';
import { createSystemRegistrationService } from './registration-service';
import { createSystemsService, type HealthSystemsDeps } from './systems-service';

/** Health System Management: systems, their onboarding and whole updates, and their consent forms. */
export function createHealthSystemsServices(deps: HealthSystemsDeps) {
  return {
    systems: createSystemsService(deps),
    registration: createSystemRegistrationService(deps),
    consent: createConsentService(deps),
  };
}
export type HealthSystemsServices = ReturnType<typeof createHealthSystemsServices>;
