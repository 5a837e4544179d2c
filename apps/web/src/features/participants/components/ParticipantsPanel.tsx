import { useState } from 'react';
import { AdminPanel } from '../../../components/admin/AdminPanel';
import { useTranslation } from '../../../lib/use-translation';
import type { SearchRequest } from '../api/participants-api';
import { ParticipantResults } from './ParticipantResults';
import { ParticipantSearchForm } from './ParticipantSearchForm';
import { ParticipantView } from './ParticipantView';

/**
 * Participants: find one by e-mail, user ID or name, and open their view from the results; Back to results
 * returns to the same search and to the name that was opened.
 */
export function ParticipantsPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useState<SearchRequest>();
  const [opened, setOpened] = useState<string>();
  const [closed, setClosed] = useState<string>();
  const searchFor = (text: string) => {
    setClosed(undefined);
    setSearch((last) => ({ text, attempt: (last?.attempt ?? 0) + 1 }));
  };
  return (
    <AdminPanel title={t('systemOptions.tabs.participants')}>
      {opened ? (
        <ParticipantView
          id={opened}
          onBack={() => {
            setClosed(opened);
            setOpened(undefined);
          }}
        />
      ) : (
        <>
          <ParticipantSearchForm initial={search?.text} onSearch={searchFor} />
          {search && <ParticipantResults search={search} returnTo={closed} onOpen={setOpened} />}
        </>
      )}
    </AdminPanel>
  );
}
