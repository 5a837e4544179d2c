import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import { checkPasswordRules, type PasswordRule } from '@portal/shared/registration/password-rules';
import { VisuallyHidden } from './VisuallyHidden';

const RULE_TEXT: Record<PasswordRule, string> = {
  length: 'registration.password.length',
  upperCase: 'registration.password.upperCase',
  lowerCase: 'registration.password.lowerCase',
  digit: 'registration.password.digit',
  special: 'registration.password.special',
  noWhitespace: 'registration.password.noWhitespace',
};

/** The security policy under the password field, each rule ticked off as the person types. */
export function PasswordChecklist({ id, policy, password }: { id: string; policy: TPasswordPolicy; password: string }) {
  const { t } = useTranslation();
  const counts: Record<PasswordRule, Record<string, number>> = {
    length: { min: policy.minLength, max: policy.maxLength },
    upperCase: { count: policy.upperCaseCharCount },
    lowerCase: { count: policy.lowerCaseCharCount },
    digit: { count: policy.digitCharCount },
    special: { count: policy.specialCharCount },
    noWhitespace: {},
  };
  return (
    <div id={id}>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('registration.password.heading')}
      </Typography>
      <List dense disablePadding>
        {checkPasswordRules(policy, password).map(({ rule, met }) => (
          <ListItem key={rule} disableGutters sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {met ? (
                <CheckCircleIcon fontSize="small" sx={{ color: 'success.dark' }} />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
              )}
            </ListItemIcon>
            <ListItemText
              primary={
                <>
                  {t(RULE_TEXT[rule], counts[rule])}
                  <VisuallyHidden>
                    {` (${met ? t('registration.password.met') : t('registration.password.notMet')})`}
                  </VisuallyHidden>
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </div>
  );
}
