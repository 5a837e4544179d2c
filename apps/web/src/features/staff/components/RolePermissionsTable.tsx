import CheckIcon from '@mui/icons-material/Check';
import {
  Box,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from '@portal/shared/staff/roles';
import { focusRing, MEASURE } from '../../../components/ui/styles';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden';
import { useTranslation } from '../../../lib/use-translation';
import { PERMISSION_LABELS, ROLE_LABELS, ROLE_SUMMARIES } from './staff-labels';

/**
 * The roles explained: what each is for, then a table of every permission against every role, read from the
 * same statement of roles the server enforces, so the two cannot disagree.
 */
export function RolePermissionsTable() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    // The heading names the table's scrollable region, the one landmark here.
    <Box component="section" sx={{ my: 4 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('staff.rolesTable.title')}
      </Typography>
      <Typography sx={{ maxWidth: MEASURE }}>{t('staff.rolesTable.intro')}</Typography>
      <List sx={{ maxWidth: MEASURE }}>
        {STAFF_ROLES.map((role) => (
          <ListItem key={role} disableGutters sx={{ display: 'block', py: 0.5 }}>
            <Box component="strong">{t(ROLE_LABELS[role])}</Box>: {t(ROLE_SUMMARIES[role])}
          </ListItem>
        ))}
      </List>
      {/* Wider than a phone: the table scrolls sideways, and the keyboard can scroll it too. */}
      <TableContainer role="region" aria-labelledby={titleId} tabIndex={0} sx={focusRing}>
        <Table size="small">
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>{t('staff.rolesTable.caption')}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ fontWeight: 600 }}>
                {t('staff.rolesTable.permission')}
              </TableCell>
              {STAFF_ROLES.map((role) => (
                <TableCell key={role} component="th" scope="col" align="center" sx={{ fontWeight: 600 }}>
                  {t(ROLE_LABELS[role])}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {PERMISSIONS.map((permission) => (
              <TableRow key={permission}>
                <TableCell component="th" scope="row">
                  {t(PERMISSION_LABELS[permission])}
                </TableCell>
                {STAFF_ROLES.map((role) => (
                  <TableCell key={role} align="center">
                    {ROLE_PERMISSIONS[role].includes(permission) ? (
                      <>
                        <CheckIcon
                          fontSize="small"
                          aria-hidden
                          sx={{ color: 'success.dark', verticalAlign: 'middle' }}
                        />
                        <VisuallyHidden>{t('staff.rolesTable.allowed')}</VisuallyHidden>
                      </>
                    ) : (
                      <>
                        <span aria-hidden>–</span>
                        <VisuallyHidden>{t('staff.rolesTable.notAllowed')}</VisuallyHidden>
                      </>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
