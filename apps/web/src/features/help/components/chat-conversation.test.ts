import { describe, expect, it } from 'vitest';
import type { HelpReply } from '@portal/shared/help/help-assistant';
import { chatReducer, cleanQuestion, type ChatTurn } from './chat-conversation';

const NOT_KNOWN: HelpReply = { urgent: false, matches: [] };

describe('chat conversation', () => {
  it('adds a question waiting for its reply, then fills in that reply only', () => {
    let turns: ChatTurn[] = [];
    turns = chatReducer(turns, { type: 'asked', id: 1, question: 'first' });
    turns = chatReducer(turns, { type: 'asked', id: 2, question: 'second' });
    expect(turns.map((turn) => turn.reply.status)).toEqual(['pending', 'pending']);

    turns = chatReducer(turns, { type: 'answered', id: 2, reply: NOT_KNOWN });
    turns = chatReducer(turns, { type: 'failed', id: 1 });
    expect(turns).toEqual([
      { id: 1, question: 'first', reply: { status: 'failed' } },
      { id: 2, question: 'second', reply: { status: 'answered', reply: NOT_KNOWN } },
    ]);
  });

  it('keeps only the latest 50 turns', () => {
    let turns: ChatTurn[] = [];
    for (let id = 1; id <= 55; id += 1) turns = chatReducer(turns, { type: 'asked', id, question: `q${id}` });
    expect(turns).toHaveLength(50);
    expect(turns[0]!.id).toBe(6);
  });

  it('cleans a question: spaces collapsed, nothing when blank, at most 300 characters', () => {
    expect(cleanQuestion('  how do I\n\nchange   my password? ')).toBe('how do I change my password?');
    expect(cleanQuestion(' \n\t ')).toBe('');
    expect(cleanQuestion('a'.repeat(320))).toHaveLength(300);
  });
});
