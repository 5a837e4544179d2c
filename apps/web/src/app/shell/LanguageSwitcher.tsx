import { styled } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import { chooseLanguage, isLanguage } from '../../lib/language';

const Field = styled('div')({ display: 'inline-flex', flexDirection: 'column', minWidth: 130 });

const Label = styled('label')(({ theme }) => ({
  ...theme.typography.caption,
  color: theme.palette.text.secondary,
}));

/** The browser's own select, underlined like the portal's other fields: no field component to load for it. */
const Select = styled('select')(({ theme }) => ({
  ...theme.typography.body1,
  color: theme.palette.text.primary,
  backgroundColor: 'transparent',
  border: 0,
  borderBottom: `1px solid ${theme.palette.text.secondary}`,
  borderRadius: 0,
  padding: theme.spacing(0.5, 0),
  cursor: 'pointer',
  '&:hover': { borderBottomColor: theme.palette.text.primary },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
}));

/**
 * English or Spanish; the choice is stored in the preferredLanguage cookie and the page reloads.
 * A native select: the phone's own picker, large and familiar, and light to load.
 */
export function LanguageSwitcher({ id = 'language-switcher' }: { id?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  return (
    <Field>
      <Label htmlFor={id}>{t('shell.language')}</Label>
      <Select
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void chooseLanguage(next, current);
        }}
      >
        <option value="en" lang="en">
          English
        </option>
        <option value="sp" lang="es">
          Español
        </option>
      </Select>
    </Field>
  );
}
