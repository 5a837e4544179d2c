import { Alert, Avatar, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  hasPictureExtension,
  PICTURE_ACCEPT,
  PICTURE_MAX_BYTES,
  PROFILE_MESSAGES,
} from '@portal/shared/account/profile';
import defaultProfile from '../../../assets/default-profile.svg';

export interface PictureChoice {
  file?: File;
  /** The chosen file's object URL, for the preview. */
  preview?: string;
  remove: boolean;
}

interface PictureFieldProps {
  /** The kept picture's object URL, if there is one. */
  currentUrl?: string;
  choice: PictureChoice;
  onChange(choice: PictureChoice): void;
  /** A problem to show for 5 seconds: the browser's check or the server's refusal. */
  error?: string;
  onError(message: string): void;
}

/**
 * The profile picture: what is kept, or the chosen file's preview, with Upload and Remove. The browser checks
 * only the name and size; the server reads the content and re-encodes it.
 */
export function PictureField({ currentUrl, choice, onChange, error, onError }: PictureFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // A replaced or dropped preview is let go.
  useEffect(() => {
    const preview = choice.preview;
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [choice.preview]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = !hasPictureExtension(file.name)
      ? PROFILE_MESSAGES.pictureType
      : file.size > PICTURE_MAX_BYTES
        ? PROFILE_MESSAGES.pictureTooLarge
        : undefined;
    // A refused file is cleared, so Save never sends it.
    onChange(problem ? { remove: false } : { file, preview: URL.createObjectURL(file), remove: false });
    if (problem) onError(problem);
  };

  const shown = choice.remove ? undefined : (choice.preview ?? currentUrl);
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('account.profile.picture')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={shown ?? defaultProfile}
          alt={t(shown ? 'account.profile.pictureAlt' : 'account.profile.defaultPictureAlt')}
          sx={{ width: 96, height: 96 }}
        />
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button variant="outlined" onClick={() => input.current?.click()} aria-describedby="picture-hint">
            {t('account.profile.choosePicture')}
          </Button>
          {(currentUrl || choice.file) && !choice.remove && (
            <Button color="error" onClick={() => onChange({ remove: true })}>
              {t('account.profile.removePicture')}
            </Button>
          )}
        </Stack>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={PICTURE_ACCEPT}
        hidden
        aria-label={t('account.profile.choosePicture')}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Typography id="picture-hint" variant="body2" color="text.secondary">
        {t('account.profile.pictureHint')}
      </Typography>
      <div role="status">
        {choice.file && (
          <Typography variant="body2">{t('account.profile.pictureChosen', { name: choice.file.name })}</Typography>
        )}
        {choice.remove && <Typography variant="body2">{t('account.profile.pictureRemoving')}</Typography>}
      </div>
      {error && (
        <Alert severity="error" role="alert">
          {t(error, { defaultValue: error })}
        </Alert>
      )}
    </Stack>
  );
}
