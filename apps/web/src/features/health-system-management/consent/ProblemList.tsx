import { Alert, Box } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsentProblem } from './consent-drafts';

/** The rules consent forms break, announced as one list. */
export function ProblemList({ problems }: { problems: ConsentProblem[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {problems.map((p) => (
          <li key={`${p.message}-${String(p.values?.language)}`}>{t(p.message, p.values)}</li>
        ))}
      </Box>
    </Alert>
  );
}
