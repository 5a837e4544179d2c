import type { HelpReply } from '@portal/shared/help/help-assistant';

/** The longest question the box takes: enough for any real question, and a pasted letter would only blur the search. */
export const QUESTION_MAX_LENGTH = 300;
/** Older turns drop off, so a page left open all day does not grow without end. */
const MAX_TURNS = 50;

type TurnReply = { status: 'pending' } | { status: 'answered'; reply: HelpReply } | { status: 'failed' };

/** One question and the assistant's reply to it. Kept in memory only: nothing of it is stored or sent. */
export interface ChatTurn {
  id: number;
  question: string;
  reply: TurnReply;
}

/** Where focus goes when the window closes: back to the toggle, or to the page an answer link opened. */
export type FocusAfterClose = 'toggle' | 'page';

type ChatAction =
  | { type: 'asked'; id: number; question: string }
  | { type: 'answered'; id: number; reply: HelpReply }
  | { type: 'failed'; id: number };

export function chatReducer(turns: readonly ChatTurn[], action: ChatAction): ChatTurn[] {
  switch (action.type) {
    case 'asked': {
      const turn: ChatTurn = { id: action.id, question: action.question, reply: { status: 'pending' } };
      return [...turns, turn].slice(-MAX_TURNS);
    }
    case 'answered':
      return withReply(turns, action.id, { status: 'answered', reply: action.reply });
    case 'failed':
      return withReply(turns, action.id, { status: 'failed' });
  }
}

function withReply(turns: readonly ChatTurn[], id: number, reply: TurnReply): ChatTurn[] {
  return turns.map((turn) => (turn.id === id ? { ...turn, reply } : turn));
}

/** The question as asked: spaces and line breaks collapsed, within the length limit; empty when nothing was typed. */
export function cleanQuestion(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, QUESTION_MAX_LENGTH).trim();
}
