import { Box, ButtonBase, Checkbox, InputBase, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import type { TConsentInputField, TSignatureMark } from '@portal/shared/consent/ceremony';
import { DATE_FORMAT } from '@portal/shared/constants';

/** The ceremony's signature section, where a signature field leads. */
export const SIGNATURE_SECTION_ID = 'consent-signature';
/** The smallest target a finger can hit (WCAG 2.2, 2.5.8), in CSS pixels. */
const MIN_TARGET = 24;

export const fieldInputId = (field: TConsentInputField) => `consent-field-${field.id}`;
const fieldErrorId = (field: TConsentInputField) => `consent-field-${field.id}-error`;

interface FieldOverlayProps {
  field: TConsentInputField;
  /** CSS pixels per PDF point of the rendered page. */
  scale: number;
  value: string | boolean | undefined;
  signature: TSignatureMark | null;
  error?: string;
  onChange(value: string | boolean): void;
}

/** One configured input field, placed over its page at its coordinates and size. */
export function FieldOverlay({ field, scale, value, signature, error, onChange }: FieldOverlayProps) {
  const { t } = useTranslation();
  const width = field.dimensions.width * scale;
  const height = field.dimensions.height * scale;
  const label = field.isRequired ? `${field.description} (${t('consent.sign.required')})` : field.description;
  const invalid = Boolean(error);
  const place = {
    position: 'absolute',
    left: field.coordinates.x * scale,
    top: field.coordinates.y * scale,
    width,
    height,
    zIndex: 3,
  } as const;
  const outline = {
    outline: invalid ? '3px solid' : '2px dashed',
    outlineColor: invalid ? 'error.main' : 'primary.main',
    bgcolor: 'rgba(255, 236, 153, 0.55)',
  };
  const described = { 'aria-invalid': invalid, 'aria-describedby': invalid ? fieldErrorId(field) : undefined };

  if (field.type === 'checkbox') {
    const side = Math.max(width, height, MIN_TARGET);
    return (
      <Box sx={{ ...place, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Checkbox
          id={fieldInputId(field)}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: { 'aria-label': label, ...described } }}
          sx={{ p: 0, width: side, height: side, flex: 'none', ...outline, '& svg': { fontSize: side } }}
        />
      </Box>
    );
  }

  if (field.type === 'signature') {
    // Its name holds what it shows: the typed signature once there is one.
    const shown = signature?.method === 'typed' ? signature.text : t('consent.sign.fieldSignature');
    return (
      <ButtonBase
        id={fieldInputId(field)}
        aria-label={`${field.description}: ${shown}`}
        {...described}
        onClick={() => {
          const section = document.getElementById(SIGNATURE_SECTION_ID);
          section?.scrollIntoView({ behavior: 'smooth', block: 'center' });
          section?.focus({ preventScroll: true });
        }}
        sx={{ ...place, ...outline, minHeight: MIN_TARGET, overflow: 'hidden' }}
      >
        {signature?.method === 'drawn' && (
          <Box component="img" src={signature.image} alt="" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
        )}
        {signature?.method === 'typed' && (
          <Typography
            sx={{
              fontFamily: '"Times New Roman", Times, serif',
              fontStyle: 'italic',
              fontSize: Math.min(height * 0.6, 28),
            }}
          >
            {signature.text}
          </Typography>
        )}
        {!signature && <Typography variant="caption">{t('consent.sign.fieldSignature')}</Typography>}
      </ButtonBase>
    );
  }

  return (
    <InputBase
      id={fieldInputId(field)}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      placeholder={field.type === 'date' ? DATE_FORMAT : undefined}
      inputProps={{ 'aria-label': label, ...described, ...(field.type === 'date' && { inputMode: 'numeric' }) }}
      sx={{
        ...place,
        ...outline,
        minHeight: MIN_TARGET,
        px: 0.5,
        fontSize: Math.max(14, Math.min(height * 0.7, 18)),
        '& input': { p: 0 },
      }}
    />
  );
}
