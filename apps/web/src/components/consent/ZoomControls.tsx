import { IconButton, Typography } from '@mui/material';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslation } from '../../lib/use-translation';

interface ZoomControlsProps {
  /** The zoom steps, smallest first; `zoom` is one of them. */
  zooms: readonly number[];
  zoom: number;
  onZoom(zoom: number): void;
}

/** Zoom out, the zoom in per cent (announced), zoom in: for a form drawn page by page. */
export function ZoomControls({ zooms, zoom, onZoom }: ZoomControlsProps) {
  const { t } = useTranslation();
  const step = zooms.indexOf(zoom);
  return (
    <>
      <IconButton aria-label={t('consent.sign.zoomOut')} disabled={step <= 0} onClick={() => onZoom(zooms[step - 1]!)}>
        <ZoomOutIcon />
      </IconButton>
      <Typography aria-live="polite">{Math.round(zoom * 100)}%</Typography>
      <IconButton
        aria-label={t('consent.sign.zoomIn')}
        disabled={step >= zooms.length - 1}
        onClick={() => onZoom(zooms[step + 1]!)}
      >
        <ZoomInIcon />
      </IconButton>
    </>
  );
}
