import type { PlainPayload } from '@portal/shared/crypto/payload-envelope';
import { expect, it } from 'vitest';
import { describeOnDatabase, useTestApp } from './helpers';
import { postSealed, registration, userByEmail } from './registration-helpers';

interface Case {
  why: string;
  changes: PlainPayload;
  /** Fields to leave out of the payload altogether. */
  omit?: string[];
  errorField: string;
  en: string;
  sp: string;
}

const CRITERIA = { en: 'Please select all checkboxes', sp: 'Por favor, seleccione todas las casillas' };
const NAME_LETTERS = {
  en: 'The field requires at least 2 letters without numbers or special characters',
  sp: 'El campo requiere al menos 2 letras, sin números ni caracteres especiales',
};
const criterion = (field: string): Case => ({
  why: `${field} not ticked`,
  changes: { [field]: false },
  errorField: field,
  ...CRITERIA,
});

/** Every field rule of registration, as the server reports it (the clock says 03/01/2026, 12:00 UTC). */
const CASES: Case[] = [
  criterion('isAdult'),
  criterion('kidneyDiseaseStatus'),
  criterion('nkfRegistrationParticipation'),
  { why: 'a criterion left out', changes: {}, omit: ['isAdult'], errorField: 'isAdult', ...CRITERIA },
  {
    why: 'an e-mail without a domain suffix',
    changes: { email: 'ana@example' },
    errorField: 'email',
    en: 'Please enter a valid email.',
    sp: 'Por favor, ingrese un correo electrónico válido.',
  },
  {
    why: 'no password',
    changes: { password: '' },
    errorField: 'password',
    en: 'Please enter your password.',
    sp: 'Por favor, ingrese su contraseña.',
  },
  {
    why: 'a password without a special character',
    changes: { password: 'Kidney2026' },
    errorField: 'password',
    en: 'Your password does not meet all the requirements below.',
    sp: 'Su contraseña no cumple todos los requisitos que se indican abajo.',
  },
  {
    why: 'no first name',
    changes: { firstName: '  ' },
    errorField: 'firstName',
    en: 'Please enter first name',
    sp: 'Por favor, ingrese su nombre',
  },
  {
    why: 'a first name left out',
    changes: {},
    omit: ['firstName'],
    errorField: 'firstName',
    en: 'Please enter first name',
    sp: 'Por favor, ingrese su nombre',
  },
  { why: 'a first name with a digit', changes: { firstName: 'An4' }, errorField: 'firstName', ...NAME_LETTERS },
  {
    why: 'no last name',
    changes: { lastName: '' },
    errorField: 'lastName',
    en: 'Please enter last name',
    sp: 'Por favor, ingrese su apellido',
  },
  { why: 'a one-letter last name', changes: { lastName: 'N' }, errorField: 'lastName', ...NAME_LETTERS },
  { why: 'a last name with a symbol', changes: { lastName: 'Núñez!' }, errorField: 'lastName', ...NAME_LETTERS },
  {
    why: 'no date of birth',
    changes: { birthDate: '' },
    errorField: 'birthDate',
    en: 'Please enter your date of birth',
    sp: 'Por favor, ingrese su fecha de nacimiento',
  },
  {
    why: 'a date of birth that does not exist',
    changes: { birthDate: '02/30/1990' },
    errorField: 'birthDate',
    en: 'Please enter a valid date of birth',
    sp: 'Por favor, ingrese una fecha de nacimiento válida',
  },
  {
    why: 'a date of birth in the future',
    changes: { birthDate: '01/01/2027' },
    errorField: 'birthDate',
    en: 'Date of birth cannot be in the future.',
    sp: 'La fecha de nacimiento no puede ser en el futuro.',
  },
  {
    why: 'a participant under 18',
    changes: { birthDate: '06/01/2010' },
    errorField: 'birthDate',
    en: 'Your age must be 18 years or above',
    sp: 'Debe tener 18 años o más',
  },
  {
    why: 'a sex at birth not in the list',
    changes: { gender: 'robot' },
    errorField: 'gender',
    en: 'Please select your gender',
    sp: 'Por favor, seleccione su sexo',
  },
  {
    why: 'a country not in the list',
    changes: { country: 'CAN' },
    errorField: 'country',
    en: 'Please select your country',
    sp: 'Por favor, seleccione su país',
  },
  {
    why: 'a ZIP code with letters',
    changes: { postalCode: '6060A' },
    errorField: 'postalCode',
    en: 'Postal code should not contain letters',
    sp: 'El código postal no debe contener letras',
  },
  {
    why: 'a ZIP code of four digits',
    changes: { postalCode: '6060' },
    errorField: 'postalCode',
    en: 'Please enter correct zip code',
    sp: 'Por favor, ingrese un código postal correcto',
  },
  {
    why: 'a language not offered',
    changes: { language: 'fr' },
    errorField: 'language',
    en: 'Please select your preferred language',
    sp: 'Por favor, seleccione su idioma preferido',
  },
  {
    why: 'no health system',
    changes: { healthSystem: '' },
    errorField: 'healthSystem',
    en: 'Please select a health system where you receive kidney care.',
    sp: 'Por favor, seleccione un sistema de salud donde recibe atención para los riñones.',
  },
  {
    why: 'a health system chosen without consent',
    changes: { healthSystem: 'geisinger', healthSystemConsent: false },
    errorField: 'healthSystemConsent',
    en: 'Consent not accepted. Please agree to the consent terms to proceed with registration.',
    sp: 'Consentimiento no aceptado. Acepte los términos del consentimiento para continuar con el registro.',
  },
];

describeOnDatabase('POST /register field errors', (target) => {
  const testApp = useTestApp(target, { env: { CAPTCHA_ENABLED: 'false' } });

  it.each(CASES)(
    '$why: 400 on $errorField, in English and Spanish',
    async ({ changes, omit = [], errorField, en, sp }) => {
      const payload = registration(changes);
      for (const field of omit) delete payload[field];

      const english = await postSealed(testApp(), '/register', payload);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toEqual({
        status: false,
        message: 'Registration failed. Please check your input and try again.',
        data: [{ errorField, message: en }],
      });

      const spanish = await postSealed(testApp(), '/register', payload, { language: 'sp' });
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json()).toEqual({
        status: false,
        message: 'El registro falló. Revise sus datos e inténtelo de nuevo.',
        data: [{ errorField, message: sp }],
      });
      expect(await userByEmail(testApp(), String(payload.email))).toBeUndefined();
    },
  );

  it('reports every wrong field at once', async () => {
    const reply = await postSealed(
      testApp(),
      '/register',
      registration({ isAdult: false, email: 'x', firstName: '', birthDate: '13/13/1990', postalCode: 'A1' }),
    );
    expect(reply.json().data.map((e: { errorField: string }) => e.errorField)).toEqual([
      'isAdult',
      'email',
      'firstName',
      'birthDate',
      'postalCode',
    ]);
  });
});
