import { Divider, IconButton, Stack, Typography } from '@mui/material';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { ZoomControls } from '../../../components/consent/ZoomControls';
import { useTranslation } from '../../../lib/use-translation';

interface PageBarProps {
  pageNumber: number;
  pageCount: number;
  onPage(page: number): void;
  zooms: readonly number[];
  zoom: number;
  onZoom(zoom: number): void;
}

/** The previous and next page buttons, which page of how many is shown, and the zoom. */
export function PageBar({ pageNumber, pageCount, onPage, zooms, zoom, onZoom }: PageBarProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <IconButton
        aria-label={t('healthSystems.editor.previousPage')}
        disabled={pageNumber <= 1}
        onClick={() => onPage(pageNumber - 1)}
      >
        <NavigateBeforeIcon />
      </IconButton>
      <Typography aria-live="polite">
        {pageCount > 0 && t('consent.sign.pageLabel', { page: pageNumber, pages: pageCount })}
      </Typography>
      <IconButton
        aria-label={t('healthSystems.editor.nextPage')}
        disabled={pageNumber >= pageCount}
        onClick={() => onPage(pageNumber + 1)}
      >
        <NavigateNextIcon />
      </IconButton>
      <Divider orientation="vertical" flexItem />
      <ZoomControls zooms={zooms} zoom={zoom} onZoom={onZoom} />
    </Stack>
  );
}
