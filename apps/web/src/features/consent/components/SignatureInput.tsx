import { useEffect, useRef, useState } from 'react';
import { Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import SignaturePad from 'signature_pad';
import type { TSignatureMark } from '@portal/shared/consent/ceremony';
import { TYPED_SIGNATURE_MAX } from '@portal/shared/consent/ceremony';
import { SIGNATURE_SECTION_ID } from '../../../components/consent/FieldOverlay';

const PAD_HEIGHT = 180;

interface SignatureInputProps {
  value: TSignatureMark | null;
  onChange(value: TSignatureMark | null): void;
  /** A catalog key or the server's words. */
  error?: string;
}

/**
 * The participant's signature: drawn on a pad (mouse, finger or pen, through pointer events) or, for people
 * who cannot draw, their full name typed, which counts the same.
 */
export function SignatureInput({ value, onChange, error }: SignatureInputProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'drawn' | 'typed'>(value?.method ?? 'drawn');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const errorId = `${SIGNATURE_SECTION_ID}-error`;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (mode !== 'drawn' || !canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#0d1a59', minWidth: 1, maxWidth: 2.8 });
    padRef.current = pad;
    // A sharp line on high-density screens: the canvas is drawn at the device's pixel ratio.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = PAD_HEIGHT * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const onEnd = () =>
      onChangeRef.current(pad.isEmpty() ? null : { method: 'drawn', image: pad.toDataURL('image/png') });
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [mode]);

  const switchTo = (next: 'drawn' | 'typed' | null) => {
    if (!next || next === mode) return;
    setMode(next);
    onChange(null);
  };

  return (
    <Box
      component="section"
      id={SIGNATURE_SECTION_ID}
      aria-labelledby={`${SIGNATURE_SECTION_ID}-heading`}
      tabIndex={-1}
    >
      <Typography variant="h6" component="h3" id={`${SIGNATURE_SECTION_ID}-heading`}>
        {t('consent.sign.signatureHeading')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('consent.sign.meaning')}</Typography>
      <ToggleButtonGroup
        exclusive
        value={mode}
        onChange={(_event, next: 'drawn' | 'typed' | null) => switchTo(next)}
        aria-label={t('consent.sign.signatureHeading')}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="drawn">{t('consent.sign.draw')}</ToggleButton>
        <ToggleButton value="typed">{t('consent.sign.type')}</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'drawn' ? (
        <Stack spacing={1}>
          <Typography id={`${SIGNATURE_SECTION_ID}-help`}>{t('consent.sign.drawHelp')}</Typography>
          <Box
            component="canvas"
            ref={canvasRef}
            role="img"
            aria-label={t('consent.sign.padLabel')}
            aria-describedby={error ? errorId : `${SIGNATURE_SECTION_ID}-help`}
            sx={{
              width: '100%',
              maxWidth: 640,
              height: PAD_HEIGHT,
              border: 2,
              borderColor: error ? 'error.main' : 'grey.700',
              borderRadius: 1,
              bgcolor: '#fff',
              touchAction: 'none',
              cursor: 'crosshair',
            }}
          />
          <Box>
            <Button
              variant="outlined"
              onClick={() => {
                padRef.current?.clear();
                onChange(null);
              }}
            >
              {t('consent.sign.clear')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <TextField
          label={t('consent.sign.typedLabel')}
          value={value?.method === 'typed' ? value.text : ''}
          onChange={(event) => onChange(event.target.value ? { method: 'typed', text: event.target.value } : null)}
          slotProps={{
            htmlInput: { maxLength: TYPED_SIGNATURE_MAX, 'aria-describedby': error ? errorId : undefined },
          }}
          error={Boolean(error)}
          fullWidth
          sx={{
            maxWidth: 640,
            '& input': { fontFamily: '"Times New Roman", Times, serif', fontStyle: 'italic', fontSize: 24 },
          }}
        />
      )}
      {error && (
        <Typography id={errorId} color="error" role="alert" sx={{ mt: 1 }}>
          {t(error, { defaultValue: error })}
        </Typography>
      )}
    </Box>
  );
}
