import { ONE_TIME_PARTICIPANTS_MAX } from '@portal/shared/surveys/one-time-surveys';
import { readPastedList, valueCollector, type ValueList } from '../../../lib/value-list';

/** A list of participants as read: each distinct value once, and how many repeats and blank lines were dropped. */
export type ParticipantList = ValueList;

/** A first line that names the column instead of holding a participant. */
const HEADER_CELL = /^(e-?mail(\s*address)?|user\s*_?id|participant\s*_?id|id)$/i;

/** Collects participants line by line, up to as many as a survey may have (e-mails compared without case). */
export const participantCollector = () => valueCollector({ headerCell: HEADER_CELL, max: ONE_TIME_PARTICIPANTS_MAX });

/** A pasted list: one e-mail or user ID a line, or several on a line separated by commas or semicolons. */
export const readPastedParticipants = (text: string): ParticipantList => readPastedList(text, participantCollector());
