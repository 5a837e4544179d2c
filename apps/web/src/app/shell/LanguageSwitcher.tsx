import { FormControl, InputLabel, NativeSelect } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared/constants';
import { changeLanguage, isLanguage } from '../../lib/language';

/**
 * English or Spanish; the choice is stored in the preferredLanguage cookie and the page reloads.
 * A native select: the phone's own picker, large and familiar, and light to load.
 */
export function LanguageSwitcher({ id = 'language-switcher' }: { id?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  return (
    <FormControl size="small" sx={{ minWidth: 130 }}>
      <InputLabel variant="standard" htmlFor={id}>
        {t('shell.language')}
      </InputLabel>
      <NativeSelect
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next, current);
        }}
      >
        <option value="en" lang="en">
          English
        </option>
        <option value="sp" lang="es">
          Español
        </option>
      </NativeSelect>
    </FormControl>
  );
}
