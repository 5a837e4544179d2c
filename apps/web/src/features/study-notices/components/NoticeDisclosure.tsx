import { useId, useState } from 'react';
import { Box, ButtonBase } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TStudyNotice } from '@portal/shared/inbox/notices';
import { focusRing } from '../../../components/ui/styles';
import { NoticeTexts } from './NoticeTexts';

/**
 * A posted notice's titles as a disclosure button: opening it shows its title and message in both languages, so
 * staff can read what participants were sent.
 */
export function NoticeDisclosure({ notice }: { notice: TStudyNotice }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <ButtonBase
        aria-expanded={open}
        aria-controls={`${id}-texts`}
        onClick={() => setOpen(!open)}
        sx={{ gap: 1, justifyContent: 'flex-start', textAlign: 'left', minHeight: 44, py: 0.5, ...focusRing }}
      >
        <ExpandMoreIcon
          aria-hidden
          sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms', flexShrink: 0 }}
        />
        <Box component="span">
          <span lang="en">{notice.title.en}</span>
          <br />
          <span lang="es">{notice.title.sp}</span>
        </Box>
      </ButtonBase>
      <Box id={`${id}-texts`} hidden={!open} sx={{ pt: 1, maxWidth: '60ch' }}>
        {open && <NoticeTexts notice={notice} />}
      </Box>
    </>
  );
}
