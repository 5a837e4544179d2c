import { useState } from 'react';
import { ONE_TIME_MESSAGES } from '@portal/shared/surveys/one-time-surveys';
import { serverMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/server-errors';
import { useCheckParticipants } from '../api/one-time-surveys-api';
import type { ParticipantList } from './participant-list';
import type { UnmatchedRow } from './UnmatchedRows';

interface CheckedList {
  list: ParticipantList;
  matched: number;
  /** Each row that matches no one, with its place in `list.rows`. */
  unmatched: (UnmatchedRow & { index: number })[];
}

/**
 * The participant list's check with the server (`POST /survey/one-time/participants/check`), run once per
 * list read: how many match, the rows that match no active participant, and 'Remove these rows'.
 */
export function useParticipantCheck(list: ParticipantList | undefined, setList: (list: ParticipantList) => void) {
  const check = useCheckParticipants();
  const [checked, setChecked] = useState<CheckedList>();
  const [error, setError] = useState<string>();
  const current = list && checked?.list === list ? checked : undefined;

  /** The identifiers to save once every row matches; undefined (with the reason shown) otherwise. */
  const ensureChecked = async (): Promise<string[] | undefined> => {
    setError(undefined);
    if (!list || list.rows.length === 0) return void setError(ONE_TIME_MESSAGES.participantsRequired);
    if (list.tooMany) return void setError(ONE_TIME_MESSAGES.tooManyParticipants);
    let result = current;
    if (!result) {
      try {
        const reply = await check.mutateAsync(list.rows.map((row) => row.value));
        result = {
          list,
          matched: reply.matched,
          unmatched: reply.unmatched.map((u) => ({
            index: u.row - 1,
            row: list.rows[u.row - 1]?.row ?? u.row,
            value: u.value,
            reason: u.reason,
          })),
        };
        setChecked(result);
      } catch (refusal) {
        return void setError(serverFieldErrors(refusal)[0]?.message ?? serverMessage(refusal) ?? 'admin.loadFailed');
      }
    }
    return result.unmatched.length === 0 ? list.rows.map((row) => row.value) : undefined;
  };

  /** Drops the rows that match no one; the rest all matched, so the list needs no second check. */
  const removeUnmatched = () => {
    if (!current) return;
    const drop = new Set(current.unmatched.map((u) => u.index));
    const kept = { ...current.list, rows: current.list.rows.filter((_row, index) => !drop.has(index)) };
    setChecked({ list: kept, matched: current.matched, unmatched: [] });
    setList(kept);
  };

  return {
    ensureChecked,
    removeUnmatched,
    /** A refusal of the participants by the server when saving. */
    refuse: (message: string) => {
      setChecked(undefined);
      setError(message);
    },
    busy: check.isPending,
    error,
    matched: current?.matched,
    unmatched: current?.unmatched ?? [],
  };
}
