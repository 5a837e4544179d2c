import { describe, expect, it } from 'vitest';
import type { Language } from '../constants';
import { assistant as englishAssistant } from './assistant-en';
import { assistant as spanishAssistant } from './assistant-sp';

const assistants = { en: englishAssistant, sp: spanishAssistant };

/**
 * Questions as participants type them (everyday words, no capitals, missing accents, small slips), with the page
 * (and section) that should answer them. Where two pages both answer well (feeling low is in "living well" and in
 * "emotional support"), either may come first.
 */
const QUESTIONS: Record<Language, [question: string, ...pages: string[]][]> = {
  en: [
    ['my doctor said I’m stage 3, what does that mean', '/education#kidneys-and-ckd'],
    ['Why did I get kidney disease? Is it because of my sugar?', '/education#causes-and-risk-factors'],
    ['my mom had kidney problems, will I get them too?', '/education#causes-and-risk-factors'],
    ['my ankles are puffy and I itch all the time, is that my kidneys?', '/education#signs-and-symptoms'],
    ['the fluid I drain from my belly looks cloudy, what do I do', '/education#peritoneal-dialysis'],
    ['what is a urine ACR test', '/education#kidney-tests'],
    ['what does creatinine mean on my lab results?', '/education#kidney-tests'],
    ['Can I take Advil or Aleve for back pain?', '/education#slowing-kidney-disease'],
    ['should I stop eating bananas and salt?', '/education#eating-well'],
    ['Do I have to start dialysis, or are there other options?', '/education#treatment-choices'],
    ['what is a fistula in my arm for', '/education#hemodialysis'],
    ['how long do I need to take rejection pills after getting a new kidney', '/education#kidney-transplant'],
    ['I feel sad and can’t sleep since my diagnosis', '/support-programs#emotional-support', '/education#living-well'],
    ['how often do i have to fill out the surveys?', '/#faq-what-to-do', '/survey', '/research#how-the-study-works'],
    ['who can see my name and my answers', '/research#protecting-your-information', '/#faq-privacy'],
    ['when will i find out what the study learned', '/research#sharing-study-results', '/research#how-the-study-works'],
    ['i’m 45 and need dialysis, can i get medicare?', '/support-programs#paying-for-kidney-care'],
    ['I have no car and can’t get to dialysis', '/support-programs#getting-to-appointments'],
    [
      'my wife takes care of me and she is exhausted, where can she get help',
      '/support-programs#family-and-caregivers',
    ],
    [
      'what should i do if a hurricane shuts down my dialysis clinic',
      '/support-programs#emergency-preparedness-dialysis',
    ],
    ['does it cost anything', '/#faq-cost'],
    ['I forgot my password', '/forgot-password'],
    ['I never got the code to log in', '/login-patient'],
    ['how do I change my photo', '/profile-settings'],
    ['stop sending me the newsletter', '/profile-settings'],
    [
      'how do I quit the study',
      '/research#ethics-and-informed-consent',
      '/profile-settings?tab=consent',
      '/#faq-stopping',
    ],
  ],
  sp: [
    ['que significa tener la tfg en 25', '/education#kidney-tests', '/education#kidneys-and-ckd'],
    ['tengo diabetes y presion alta, puedo tener daño en el riñon?', '/education#causes-and-risk-factors'],
    ['se me hinchan los pies y me pica la piel, es por los riñones?', '/education#signs-and-symptoms'],
    ['¿Qué es la prueba de albúmina en la orina?', '/education#kidney-tests'],
    ['puedo tomar ibuprofeno para el dolor de rodilla', '/education#slowing-kidney-disease'],
    [
      'me siento deprimida desde que empece la dialisis, es normal?',
      '/education#living-well',
      '/support-programs#emotional-support',
    ],
    ['no quiero dialisis, que otras opciones tengo?', '/education#treatment-choices'],
    ['cuantas veces por semana hay que ir a la maquina', '/education#hemodialysis'],
    ['como es la dialisis que se hace por la panza en la casa?', '/education#peritoneal-dialysis'],
    ['mi hermano me quiere donar un riñon, como funciona', '/education#kidney-transplant'],
    ['cada cuanto tengo que contestar los cuestionarios', '/survey', '/research#how-the-study-works'],
    ['¿Quién puede ver mis datos personales?', '/research#protecting-your-information', '/#faq-privacy'],
    [
      'si me salgo del estudio me van a quitar la atencion medica',
      '/research#ethics-and-informed-consent',
      '/#faq-medical-care',
      '/#faq-stopping',
    ],
    [
      'me llamaron para entrar a un estudio de medicinas y me piden mi tarjeta, es confiable',
      '/research#other-research-studies',
    ],
    ['tengo 50 años y estoy en dialisis, me cubre medicare?', '/support-programs#paying-for-kidney-care'],
    ['no tengo como llegar a la dialisis', '/support-programs#getting-to-appointments'],
    ['me siento muy triste y sin ganas de vivir', '/support-programs#emotional-support', '/education#living-well'],
    ['mi hija me cuida y esta muy cansada, hay ayuda para ella?', '/support-programs#family-and-caregivers'],
    ['que hago con mi dialisis si se va la luz por una tormenta', '/support-programs#emergency-preparedness-dialysis'],
    ['cuesta algo participar', '/#faq-cost'],
    ['olvide mi contraseña', '/forgot-password'],
    ['donde esta mi consentimiento firmado', '/profile-settings?tab=consent'],
    ['no me llego el codigo para entrar', '/login-patient'],
    ['como cambio mi foto', '/profile-settings'],
    [
      'como me salgo del estudio',
      '/research#ethics-and-informed-consent',
      '/profile-settings?tab=consent',
      '/#faq-stopping',
    ],
  ],
};

describe.each(['en', 'sp'] as const)('help assistant in %s', (language) => {
  const assistant = assistants[language];

  it('asks at least twenty real questions of each language', () => {
    expect(QUESTIONS[language].length).toBeGreaterThanOrEqual(20);
  });

  it.each(QUESTIONS[language])('answers %j from %s', (question, ...pages) => {
    const [best] = assistant.reply(question).matches;
    expect(best?.document.path).toBeOneOf(pages);
  });

  it('gives each answer the page and section that answers in full', () => {
    const paths = QUESTIONS[language].flatMap(([question]) =>
      assistant.reply(question).matches.map((m) => m.document.path),
    );
    for (const path of paths) expect(path).toMatch(/^\/[a-z-]*([?#][a-z=-]+)?$/);
  });
});

describe('when the assistant does not know', () => {
  it.each([
    ['en', 'what’s the weather tomorrow'],
    ['en', 'who won the football game last night'],
    ['en', 'how do I bake a chocolate cake'],
    ['en', '   '],
    ['en', '???'],
    ['sp', 'cual es la capital de francia'],
    ['sp', 'como hago un pastel de chocolate'],
    ['sp', 'quien gano el partido de futbol'],
  ] as const)('says so in %s rather than guess: %j', (language, question) => {
    expect(assistants[language].reply(question).matches).toEqual([]);
  });
});

describe('questions that sound like an emergency', () => {
  it.each([
    ['en', 'I want to kill myself'],
    ['en', 'I have chest pain and can’t breathe'],
    ['en', 'thinking about suicide'],
    ['sp', 'ya no quiero vivir'],
    ['sp', 'tengo dolor en el pecho'],
    ['sp', 'pienso en el suicidio'],
  ] as const)('are marked urgent in %s: %j', (language, question) => {
    expect(assistants[language].reply(question).urgent).toBe(true);
  });

  it('are not confused with ordinary questions', () => {
    expect(englishAssistant.reply('how do I change my password').urgent).toBe(false);
    expect(spanishAssistant.reply('como cambio mi contraseña').urgent).toBe(false);
  });

  it('still get the study’s own answer beside the urgent notice', () => {
    const reply = englishAssistant.reply('what should I do in an emergency if I am on dialysis');
    expect(reply.urgent).toBe(true);
    expect(reply.matches[0]?.document.id).toBe('supportPrograms-emergency-preparedness-dialysis');
  });
});

describe('matching', () => {
  it('forgives missing accents and a slip of the keyboard', () => {
    const withAccents = spanishAssistant.reply('¿Qué es la diálisis peritoneal?').matches[0]?.document.id;
    expect(spanishAssistant.reply('que es la dialisis peritoneal').matches[0]?.document.id).toBe(withAccents);
    expect(englishAssistant.reply('what is peritoneal dialysys').matches[0]?.document.id).toBe(
      'education-peritoneal-dialysis',
    );
  });

  it('offers at most three answers, best first, and no answer twice', () => {
    for (const [question] of QUESTIONS.en) {
      const ids = englishAssistant.reply(question).matches.map((m) => m.document.id);
      expect(ids.length).toBeLessThanOrEqual(3);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
