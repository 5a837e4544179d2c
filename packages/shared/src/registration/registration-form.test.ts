import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../api/field-errors';
import { FALLBACK_PASSWORD_POLICY } from '../reference/password-policy';
import { fromOpenedPayload, toRegisterPayload } from './register';
import {
  accountInformationSchema,
  isValidName,
  personalInformationSchema,
  registrationSchema,
  ZParticipationCriteria,
  type RegistrationRules,
  type TRegistrationValues,
} from './registration-form';

const rules: RegistrationRules = {
  policy: FALLBACK_PASSWORD_POLICY,
  today: '2026-03-01',
  choices: {
    gender: ['male', 'female', 'uncertain', 'preferNoAnswer'],
    country: ['USA'],
    language: ['en', 'sp'],
    healthSystems: ['geisinger', 'none'],
  },
};

const VALID: TRegistrationValues = {
  isAdult: true,
  kidneyDiseaseStatus: true,
  nkfRegistrationParticipation: true,
  email: 'ana.nunez@example.org',
  password: 'Kidney#2026',
  firstName: 'Ana',
  lastName: 'Núñez',
  birthDate: '05/17/1960',
  gender: 'female',
  country: 'USA',
  postalCode: '60601',
  language: 'sp',
  healthSystem: 'none',
  healthSystemConsent: false,
};

/** The field errors of the whole registration with some values changed (or removed, with undefined). */
function errorsOf(changes: Record<string, unknown>) {
  const result = registrationSchema(rules).safeParse({ ...VALID, ...changes });
  return result.success ? [] : fieldErrors(result.error);
}

const PERSONAL = {
  firstName: VALID.firstName,
  lastName: VALID.lastName,
  birthDate: VALID.birthDate,
  gender: VALID.gender,
  country: VALID.country,
  postalCode: VALID.postalCode,
  language: VALID.language,
  healthSystem: VALID.healthSystem,
  healthSystemConsent: VALID.healthSystemConsent,
};

describe('participation criteria (step 1)', () => {
  it('accepts all three boxes ticked', () => {
    expect(ZParticipationCriteria.safeParse(VALID).success).toBe(true);
  });

  it.each(['isAdult', 'kidneyDiseaseStatus', 'nkfRegistrationParticipation'])(
    'asks to select all checkboxes when %s is not ticked or missing',
    (field) => {
      expect(errorsOf({ [field]: false })).toEqual([{ errorField: field, message: 'error.register.criteria' }]);
      expect(errorsOf({ [field]: undefined })).toEqual([{ errorField: field, message: 'error.register.criteria' }]);
    },
  );
});

describe('e-mail and password (step 2)', () => {
  const account = accountInformationSchema(FALLBACK_PASSWORD_POLICY);
  const emailErrors = (email: unknown) => {
    const result = account.safeParse({ email, password: VALID.password });
    return result.success ? [] : fieldErrors(result.error);
  };

  it.each(['ana@example.org', 'ana.nunez+study@mail.example.co', 'JOSE@EXAMPLE.ORG', '  ana@example.org  '])(
    'accepts the address %j',
    (email) => {
      expect(emailErrors(email)).toEqual([]);
    },
  );

  it('trims the address it accepts', () => {
    expect(account.parse({ email: ' ana@example.org ', password: VALID.password }).email).toBe('ana@example.org');
  });

  it.each([
    '',
    'ana',
    'ana@',
    '@example.org',
    'ana@example',
    'ana@example.c',
    'ana@example.c0m',
    'ana nunez@example.org',
    'ana@@example.org',
    `${'a'.repeat(250)}@example.org`,
    'ana\u0000@example.org',
    'ana@exa\u0001mple.org',
    'ana\u007f@example.org',
    undefined,
  ])('refuses the address %j as not valid', (email) => {
    expect(emailErrors(email)).toEqual([{ errorField: 'email', message: 'error.register.emailInvalid' }]);
  });

  const passwordErrors = (password: unknown) => {
    const result = account.safeParse({ email: VALID.email, password });
    return result.success ? [] : fieldErrors(result.error);
  };

  it('asks for a password when it is empty or missing', () => {
    expect(passwordErrors('')).toEqual([{ errorField: 'password', message: 'error.register.passwordRequired' }]);
    expect(passwordErrors(undefined)).toEqual([{ errorField: 'password', message: 'error.register.passwordRequired' }]);
  });

  it.each(['Aa1!aaaa', 'Kidney#2026', 'Zz9$zzzzzzzzzzz'])('accepts the password %j', (password) => {
    expect(passwordErrors(password)).toEqual([]);
  });

  it.each([
    ['too short', 'Aa1!aaa'],
    ['too long', 'Aa1!aaaaaaaaaaaa'],
    ['no upper-case', 'aa1!aaaa'],
    ['no lower-case', 'AA1!AAAA'],
    ['no digit', 'Aaa!aaaa'],
    ['no special character', 'Aa1aaaaa'],
    ['a space', 'Aa1! aaaa'],
  ])('refuses a password with %s under the policy', (_why, password) => {
    expect(passwordErrors(password)).toEqual([{ errorField: 'password', message: 'error.register.passwordPolicy' }]);
  });
});

describe('names', () => {
  it.each([
    'Al',
    'José',
    'Núñez',
    'Zoë',
    'De la Cruz',
    "O'Brien",
    'D’Angelo',
    'Jean-Luc',
    'Jose\u0301',
    'Łukasz',
    'Ngọc',
  ])('accepts %j', (name) => {
    expect(isValidName(name)).toBe(true);
    expect(errorsOf({ firstName: name, lastName: name })).toEqual([]);
  });

  it.each(['A', 'R2D2', 'Ann!', 'Ann_Marie', 'Anne  Marie', '-Ann', 'Ann-', "Ann'", 'Ann--Marie', '12', '😀😀'])(
    'refuses %j: at least 2 letters, no numbers or special characters',
    (name) => {
      expect(errorsOf({ firstName: name })).toEqual([
        { errorField: 'firstName', message: 'error.register.nameLetters' },
      ]);
      expect(errorsOf({ lastName: name })).toEqual([{ errorField: 'lastName', message: 'error.register.nameLetters' }]);
    },
  );

  it('refuses a name longer than 100 letters', () => {
    expect(errorsOf({ firstName: 'a'.repeat(101) })).toEqual([
      { errorField: 'firstName', message: 'error.register.nameLetters' },
    ]);
    expect(errorsOf({ firstName: 'a'.repeat(100) })).toEqual([]);
  });

  it.each(['', '   ', undefined])('asks for the first and last name when they are %j', (name) => {
    expect(errorsOf({ firstName: name, lastName: name })).toEqual([
      { errorField: 'firstName', message: 'error.register.firstNameRequired' },
      { errorField: 'lastName', message: 'error.register.lastNameRequired' },
    ]);
  });

  it('trims the names it accepts', () => {
    const values = personalInformationSchema(rules).parse({
      ...PERSONAL,
      firstName: ' Ana ',
      lastName: ' De la Cruz ',
    });
    expect([values.firstName, values.lastName]).toEqual(['Ana', 'De la Cruz']);
  });
});

describe('date of birth (today is 03/01/2026)', () => {
  it.each([
    ['', 'error.register.birthDateRequired'],
    ['  ', 'error.register.birthDateRequired'],
    [undefined, 'error.register.birthDateRequired'],
    ['1960-05-17', 'error.register.birthDateInvalid'],
    ['17/05/1960', 'error.register.birthDateInvalid'],
    ['02/30/1990', 'error.register.birthDateInvalid'],
    ['12/31/1899', 'error.register.birthDateInvalid'],
    ['03/02/2026', 'error.register.birthDateFuture'],
    ['01/01/2100', 'error.register.birthDateFuture'],
    ['03/02/2008', 'error.register.birthDate18yrsOrAbove'],
    ['03/01/2026', 'error.register.birthDate18yrsOrAbove'],
  ])('refuses %j with %s', (birthDate, message) => {
    expect(errorsOf({ birthDate })).toEqual([{ errorField: 'birthDate', message }]);
  });

  it.each(['03/01/2008', '02/29/2008', '01/01/1900', '05/17/1960'])('accepts %j (18 or older today)', (birthDate) => {
    expect(errorsOf({ birthDate })).toEqual([]);
  });
});

describe('choices from the server lists', () => {
  it.each([
    ['gender', 'error.register.genderRequired'],
    ['country', 'error.register.countryRequired'],
    ['language', 'error.register.languageRequired'],
    ['healthSystem', 'error.register.healthSystemRequired'],
  ])('%s must be one of the list: %s', (field, message) => {
    for (const value of ['', 'other', 'EN ', undefined]) {
      // Consent ticked, so that only list membership is in question.
      expect(errorsOf({ [field]: value, healthSystemConsent: true }), String(value)).toEqual([
        { errorField: field, message },
      ]);
    }
  });

  it.each(['male', 'female', 'uncertain', 'preferNoAnswer'])('accepts the gender %s', (gender) => {
    expect(errorsOf({ gender })).toEqual([]);
  });

  it('accepts both languages and both health-system choices', () => {
    expect(errorsOf({ language: 'en' })).toEqual([]);
    expect(errorsOf({ healthSystem: 'geisinger', healthSystemConsent: true })).toEqual([]);
  });
});

describe('ZIP code', () => {
  it.each(['6060A', 'ABCDE', 'ñ1234', '60601-ab'])(
    'refuses %j: postal code should not contain letters',
    (postalCode) => {
      expect(errorsOf({ postalCode })).toEqual([{ errorField: 'postalCode', message: 'error.register.zipLetters' }]);
    },
  );

  it.each(['', '6060', '606011', '60-60', '60 601', '#####', '６０６０１', undefined])(
    'refuses %j: five digits are needed',
    (postalCode) => {
      expect(errorsOf({ postalCode })).toEqual([{ errorField: 'postalCode', message: 'error.register.zipInvalid' }]);
    },
  );

  it('accepts five digits, trimmed', () => {
    expect(personalInformationSchema(rules).parse({ ...PERSONAL, postalCode: ' 00501 ' }).postalCode).toBe('00501');
  });
});

describe('consent for a chosen health system', () => {
  it('is required once a real health system is chosen', () => {
    expect(errorsOf({ healthSystem: 'geisinger', healthSystemConsent: false })).toEqual([
      { errorField: 'healthSystemConsent', message: 'error.register.healthSystemConsent' },
    ]);
  });

  it("is not needed for 'none', ticked or not", () => {
    expect(errorsOf({ healthSystem: 'none', healthSystemConsent: false })).toEqual([]);
    expect(errorsOf({ healthSystem: 'none', healthSystemConsent: true })).toEqual([]);
  });

  it('is not asked for while no health system is chosen', () => {
    expect(errorsOf({ healthSystem: '', healthSystemConsent: false })).toEqual([
      { errorField: 'healthSystem', message: 'error.register.healthSystemRequired' },
    ]);
  });

  it('is still reported next to errors of other fields', () => {
    expect(errorsOf({ firstName: 'A', healthSystem: 'geisinger', healthSystemConsent: false })).toEqual([
      { errorField: 'firstName', message: 'error.register.nameLetters' },
      { errorField: 'healthSystemConsent', message: 'error.register.healthSystemConsent' },
    ]);
  });
});

describe('field errors', () => {
  it('give the first message of every wrong field, in field order', () => {
    expect(
      errorsOf({ isAdult: false, email: 'x', password: '', firstName: '', birthDate: '', postalCode: 'A' }),
    ).toEqual([
      { errorField: 'isAdult', message: 'error.register.criteria' },
      { errorField: 'email', message: 'error.register.emailInvalid' },
      { errorField: 'password', message: 'error.register.passwordRequired' },
      { errorField: 'firstName', message: 'error.register.firstNameRequired' },
      { errorField: 'birthDate', message: 'error.register.birthDateRequired' },
      { errorField: 'postalCode', message: 'error.register.zipLetters' },
    ]);
  });

  it("name a problem of the whole form 'form'", () => {
    const result = registrationSchema(rules).safeParse('not an object');
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!).map((e) => e.errorField)).toEqual(['form']);
  });
});

describe('the register payload', () => {
  it('carries every registration field plus the consent, and the captcha only when there is one', () => {
    expect(toRegisterPayload(VALID, undefined)).toEqual({ ...VALID });
    expect(toRegisterPayload(VALID, '')).not.toHaveProperty('altcha');
    expect(toRegisterPayload(VALID, 'c29sdmVk')).toEqual({ ...VALID, altcha: 'c29sdmVk' });
  });

  it('turns "true"/"false" back into booleans, a missing box into false, and leaves other text as sent', () => {
    expect(
      fromOpenedPayload({ isAdult: 'true', kidneyDiseaseStatus: 'false', healthSystemConsent: 'yes', email: 'true' }),
    ).toEqual({
      isAdult: true,
      kidneyDiseaseStatus: false,
      nkfRegistrationParticipation: false,
      healthSystemConsent: 'yes',
      email: 'true',
    });
  });

  it('reads back what the wizard sent once every value has travelled as text, as the envelope carries it', () => {
    const sent = toRegisterPayload({ ...VALID, healthSystem: 'geisinger', healthSystemConsent: true }, 'c29sdmVk');
    const travelled = Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, String(value)]));
    expect(travelled.isAdult).toBe('true');

    const opened = fromOpenedPayload(travelled);
    expect(opened).toEqual(sent);
    expect(registrationSchema(rules).parse(opened)).toEqual({
      ...VALID,
      healthSystem: 'geisinger',
      healthSystemConsent: true,
    });
  });

  it('refuses a criterion or the consent sent as text other than true/false, with its own message', () => {
    const opened = fromOpenedPayload({
      ...asOpened(VALID),
      isAdult: 'yes',
      healthSystem: 'geisinger',
      healthSystemConsent: 'yes',
    });
    expect(fieldErrors(registrationSchema(rules).safeParse(opened).error!)).toEqual([
      { errorField: 'isAdult', message: 'error.register.criteria' },
      { errorField: 'healthSystemConsent', message: 'error.register.healthSystemConsent' },
    ]);
  });
});

/** The values as the server opens them: every one a string. */
function asOpened(values: TRegistrationValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
}
