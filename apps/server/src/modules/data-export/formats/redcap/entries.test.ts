import { describe, expect, it } from 'vitest';
import { redcapEntries } from './entries';
import { dataset, recordsOf } from './test-dataset';

const fileOf = async (path: string, deidentified = false) => {
  const entry = redcapEntries(dataset(deidentified)).find((candidate) => candidate.path === path)!;
  return recordsOf(entry.records(new Map()));
};

describe('the REDCap files of an export', () => {
  it('are the dictionary, events, designations, repeating instruments and a records file per form version', () => {
    expect(redcapEntries(dataset()).map(({ path, headerRecords }) => [path, headerRecords])).toEqual([
      ['redcap/data-dictionary.csv', 1],
      ['redcap/events.csv', 1],
      ['redcap/instrument-designations.csv', 1],
      ['redcap/repeating-instruments.csv', 1],
      ['redcap/records-wellbeing_v1.csv', 1],
      ['redcap/records-wellbeing_v2.csv', 1],
      ['redcap/records-feedback_v1.csv', 1],
    ]);
    expect(redcapEntries(dataset())[4]!.about).toBe(
      "The responses to Wellbeing (version 1) in REDCap's import format.",
    );
  });

  it('are none when no form is chosen', () => {
    expect(redcapEntries({ ...dataset(), forms: [] })).toEqual([]);
  });

  it('leave out a form with no field exported, which REDCap would never make into an instrument', () => {
    const forms = dataset().forms.map((form, index) => (index === 0 ? { ...form, columns: [] } : form));
    expect(redcapEntries({ ...dataset(), forms }).map(({ path }) => path)).toEqual([
      'redcap/data-dictionary.csv',
      'redcap/events.csv',
      'redcap/instrument-designations.csv',
      'redcap/repeating-instruments.csv',
      'redcap/records-wellbeing_v2.csv',
      'redcap/records-feedback_v1.csv',
    ]);
    const onlyEmpty = dataset().forms.map((form) => ({ ...form, columns: [] }));
    expect(redcapEntries({ ...dataset(), forms: onlyEmpty })).toEqual([]);
  });

  it('have a data dictionary with REDCap’s columns, the record id first and a field per answer column', async () => {
    const dictionary = await fileOf('redcap/data-dictionary.csv');
    expect(dictionary[0]).toBe(
      'Variable / Field Name,Form Name,Section Header,Field Type,Field Label,' +
        '"Choices, Calculations, OR Slider Labels",Field Note,Text Validation Type OR Show Slider Number,' +
        'Text Validation Min,Text Validation Max,Identifier?,Branching Logic (Show field only if...),' +
        'Required Field?,Custom Alignment,Question Number (surveys only),Matrix Group Name,Matrix Ranking?,' +
        'Field Annotation\r\n',
    );
    expect(dictionary.slice(1).map((record) => record.split(',')[0])).toEqual([
      'record_id',
      'general_health',
      'symptoms',
      'symptoms_comment',
      'on_dialysis',
      'stage',
      'energy',
      'sleep_hours',
      'last_visit',
      'anything_else',
      'daily_life_walking',
      'daily_life_stairs',
      'general_health_2',
      'daily_life_walking_2',
      'how_many_hours_did_you_sle',
      'how_many_hours_did_you_s_2',
      'heard_about',
      'contact',
    ]);
    expect(dictionary).toEqual(
      expect.arrayContaining([
        'record_id,wellbeing_v1,,text,Record ID,,,,,,y,,,,,,,Portal participant\r\n',
        'general_health,wellbeing_v1,,radio,Your health,"very-good, Very good | poor, Poor",,,,,,,,,,,,' +
          '"Portal question: general-health\nSpanish: Su salud\nSpanish choices: very-good, Muy buena | poor, Mala"\r\n',
        'symptoms,wellbeing_v1,,checkbox,Symptoms,"itching, Itching | Short-Of-Breath, Short of breath | other, Other",' +
          ',,,,,,,,,,,"Portal question: symptoms\nSpanish: Síntomas\n' +
          'Spanish choices: itching, Picazón | Short-Of-Breath, Falta de aire | other, Otro"\r\n',
        'symptoms_comment,wellbeing_v1,,text,Symptoms — Other,,,,,,,,,,,,,' +
          '"Portal question: symptoms-Comment\nSpanish: Síntomas — Otro"\r\n',
        'on_dialysis,wellbeing_v1,,radio,On dialysis?,"true, Yes | false, No",,,,,,,,,,,,' +
          '"Portal question: on-dialysis\nSpanish: ¿En diálisis?\nSpanish choices: true, Sí | false, No"\r\n',
        'stage,wellbeing_v1,,dropdown,Stage,"stage-3, Stage 3 | stage-4, Stage 4 / 5",,,,,,,,,,,,' +
          '"Portal question: stage\nSpanish: Etapa\nSpanish choices: stage-3, Etapa 3 | stage-4, Etapa 4 / 5"\r\n',
        'energy,wellbeing_v1,,radio,Energy,"1, 1 | 2, 2 | 3, 3",,,,,,,,,,,,' +
          '"Portal question: energy\nSpanish: Energía\nSpanish choices: 1, 1 | 2, 2 | 3, 3"\r\n',
        'sleep_hours,wellbeing_v1,,text,Hours of sleep,,,number,,,,,,,,,,' +
          '"Portal question: sleep-hours\nSpanish: Horas de sueño"\r\n',
        'last_visit,wellbeing_v1,,text,Last visit,,,date_ymd,,,,,,,,,,' +
          '"Portal question: last-visit\nSpanish: Última visita"\r\n',
        'anything_else,wellbeing_v1,,notes,Anything else?,,,,,,,,,,,,,' +
          '"Portal question: anything-else\nSpanish: ¿Algo más?"\r\n',
        'daily_life_walking,wellbeing_v1,,radio,Limits — Walking,"not-at-all, Not at all | a-lot, A lot",,,,,,,,,,' +
          'daily_life,,"Portal question: daily-life.walking\nSpanish: Límites — Caminar\n' +
          'Spanish choices: not-at-all, Nada | a-lot, Mucho"\r\n',
        'daily_life_stairs,wellbeing_v1,,radio,Limits — Stairs,"not-at-all, Not at all | a-lot, A lot",,,,,,,,,,' +
          'daily_life,,"Portal question: daily-life.stairs\nSpanish: Límites — Escaleras\n' +
          'Spanish choices: not-at-all, Nada | a-lot, Mucho"\r\n',
        'daily_life_walking_2,wellbeing_v2,,radio,Limits — Walking,"no, No",,,,,,,,,,daily_life_2,,' +
          '"Portal question: daily-life.walking\nSpanish: Límites — Caminar\nSpanish choices: no, No"\r\n',
        'heard_about,feedback_v1,,radio,Where did you hear of us?,' +
          '"website, Website | my_clinic, Clinic, ""kidney"" care",,,,,,,,,,,,' +
          '"Portal question: heard-about\nSpanish: ¿Dónde supo de nosotros?\n' +
          'Spanish choices: website, Sitio web | my_clinic, Clínica, ""riñón""\nPortal codes: my_clinic = my clinic"\r\n',
        'contact,feedback_v1,,text,E-mail,,,email,,,,,,,,,,"Portal question: contact\nSpanish: Correo"\r\n',
      ]),
    );
  });

  it('mark the record id an identifier only in an identified run', async () => {
    expect((await fileOf('redcap/data-dictionary.csv', true))[1]).toBe(
      'record_id,wellbeing_v1,,text,Record ID,,,,,,,,,,,,,Portal participant: a pseudonym drawn for this export run\r\n',
    );
  });

  it('have an event per round of the chosen forms, then the one-time surveys, all in arm 1', async () => {
    expect(await fileOf('redcap/events.csv')).toEqual([
      'event_name,arm_num,day_offset,offset_min,offset_max,unique_event_name,custom_event_label\r\n',
      'Round 1,1,0,0,0,round_1_arm_1,\r\n',
      'Round 2,1,1,0,0,round_2_arm_1,\r\n',
      'One time surveys,1,2,0,0,one_time_surveys_arm_1,\r\n',
    ]);
    expect(await fileOf('redcap/instrument-designations.csv')).toEqual([
      'arm_num,unique_event_name,form\r\n',
      '1,round_1_arm_1,wellbeing_v1\r\n',
      '1,round_2_arm_1,wellbeing_v2\r\n',
      '1,one_time_surveys_arm_1,feedback_v1\r\n',
    ]);
    expect(await fileOf('redcap/repeating-instruments.csv')).toEqual([
      'event_name,form_name,custom_form_label\r\n',
      'one_time_surveys_arm_1,feedback_v1,\r\n',
    ]);
  });

  it('have no one-time event nor repeating instruments without a one-time form', async () => {
    const rounds = { ...dataset(), forms: dataset().forms.slice(0, 2) };
    const paths = redcapEntries(rounds).map((entry) => entry.path);
    expect(paths).not.toContain('redcap/repeating-instruments.csv');
    expect(await recordsOf(redcapEntries(rounds)[1]!.records(new Map()))).toEqual([
      'event_name,arm_num,day_offset,offset_min,offset_max,unique_event_name,custom_event_label\r\n',
      'Round 1,1,0,0,0,round_1_arm_1,\r\n',
      'Round 2,1,1,0,0,round_2_arm_1,\r\n',
    ]);
  });

  it('write a round form’s responses as records of the round’s event, a checkbox as 1 or 0 per choice', async () => {
    expect(await fileOf('redcap/records-wellbeing_v1.csv')).toEqual([
      'record_id,redcap_event_name,general_health,symptoms___itching,symptoms___short_of_breath,symptoms___other,' +
        'symptoms_comment,on_dialysis,stage,energy,sleep_hours,last_visit,anything_else,daily_life_walking,' +
        'daily_life_stairs,wellbeing_v1_complete\r\n',
      'p1,round_1_arm_1,very-good,1,0,1,"=cramps, at night",true,stage-4,2,7.5,2025-02-14,' +
        '"Line one\nline ""two""",a-lot,not-at-all,2\r\n',
      'p2,round_1_arm_1,poor,0,1,0,,false,,,,,,,,2\r\n',
    ]);
    expect(await fileOf('redcap/records-wellbeing_v2.csv')).toEqual([
      'record_id,redcap_event_name,general_health_2,daily_life_walking_2,how_many_hours_did_you_sle,' +
        'how_many_hours_did_you_s_2,wellbeing_v2_complete\r\n',
      'p1,round_2_arm_1,good,no,,,2\r\n',
      'p3,round_2_arm_1,,,6,,2\r\n',
    ]);
  });

  it('write a one-time form’s responses as repeating instances, numbered per participant', async () => {
    expect(await fileOf('redcap/records-feedback_v1.csv')).toEqual([
      'record_id,redcap_event_name,redcap_repeat_instrument,redcap_repeat_instance,heard_about,contact,' +
        'feedback_v1_complete\r\n',
      'p1,one_time_surveys_arm_1,feedback_v1,1,website,,2\r\n',
      'p3,one_time_surveys_arm_1,feedback_v1,1,my_clinic,,2\r\n',
      'p1,one_time_surveys_arm_1,feedback_v1,2,my_clinic,p1@example.org,2\r\n',
    ]);
  });

  it('write records a batch at a time, as the dataset reads them', async () => {
    const entry = redcapEntries(dataset()).find((candidate) => candidate.path === 'redcap/records-wellbeing_v1.csv')!;
    const batches: number[] = [];
    for await (const batch of entry.records(new Map())) batches.push(batch.length);
    expect(batches).toEqual([1, 1, 1]);
  });
});
