import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { ProfileUser } from '../api/profile';
import { USERS_PAGE_SIZE, useUpdateUserAccess, useUsersQuery } from '../api/profile';
import { InviteUserDialog } from './invite-user-dialog';
import { LoadError, TabSection } from './tab-section';

function fullName(user: ProfileUser): string {
  return `${user.sName} ${user.sLastName}`;
}

/** Tab 2: the company's users, their role and whether they can log in; invite more. */
export function SubUsersTab({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const users = useUsersQuery(page);
  const access = useUpdateUserAccess();
  const [inviting, setInviting] = useState(false);
  const [invitedEmail, setInvitedEmail] = useState<string>();
  const [toDeactivate, setToDeactivate] = useState<ProfileUser>();

  const [selfError, setSelfError] = useState<'selfDeactivate' | 'selfDemote'>();

  /** The server refuses a manager's own deactivation or demotion: say so where it stays. */
  const showAccessError = (error: unknown) => {
    if (isApiError(error) && error.code === 'INVALID_STATE' && error.field === 'bActive') {
      setSelfError('selfDeactivate');
    } else if (isApiError(error) && error.code === 'INVALID_STATE' && error.field === 'isManager') {
      setSelfError('selfDemote');
    } else {
      showErrorToast(error);
    }
  };

  const changeRole = async (user: ProfileUser, isManager: boolean) => {
    setSelfError(undefined);
    try {
      await access.mutateAsync({ sUserId: user.sUserId, isManager });
      showSuccessToast(t('profile.users.roleChanged', { name: fullName(user) }));
    } catch (error) {
      showAccessError(error);
    }
  };

  const setActive = async (user: ProfileUser, bActive: boolean) => {
    setSelfError(undefined);
    try {
      await access.mutateAsync({ sUserId: user.sUserId, bActive });
      showSuccessToast(
        t(bActive ? 'profile.users.reactivated' : 'profile.users.deactivated', {
          name: fullName(user),
        }),
      );
    } catch (error) {
      showAccessError(error);
    } finally {
      setToDeactivate(undefined);
    }
  };

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <TabSection
      title={t('profile.users.heading')}
      intro={t('profile.users.intro')}
      aside={
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          {t('profile.users.invite')}
        </Button>
      }
    >
      {invitedEmail && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setInvitedEmail(undefined)}>
          {t('profile.users.invited', { email: invitedEmail })}
        </Alert>
      )}
      {selfError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setSelfError(undefined)}>
          {t(`profile.errors.${selfError}`)}
        </Alert>
      )}
      {users.isPending ? (
        <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={72} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : users.isError ? (
        <LoadError onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <Typography color="text.secondary">{t('profile.users.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {users.data.users.map((user) => (
            <UserRow
              key={user.sUserId}
              user={user}
              isSelf={user.sUserId === currentUserId}
              busy={access.isPending}
              onRole={(isManager) => void changeRole(user, isManager)}
              onDeactivate={() => setToDeactivate(user)}
              onReactivate={() => void setActive(user, true)}
            />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
            {t('profile.users.previous')}
          </Button>
          <Button disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
            {t('profile.users.next')}
          </Button>
        </Box>
      )}

      <InviteUserDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          setInvitedEmail(email);
        }}
      />

      <ConfirmDialog
        open={toDeactivate !== undefined}
        title={t('profile.users.deactivateTitle')}
        confirmLabel={t('profile.users.deactivate')}
        cancelLabel={t('profile.cancel')}
        destructive
        busy={access.isPending}
        onCancel={() => setToDeactivate(undefined)}
        onConfirm={() => {
          if (toDeactivate) void setActive(toDeactivate, false);
        }}
      >
        <Typography>
          {toDeactivate
            ? t('profile.users.deactivateText', { name: fullName(toDeactivate) })
            : null}
        </Typography>
      </ConfirmDialog>
    </TabSection>
  );
}

interface UserRowProps {
  user: ProfileUser;
  isSelf: boolean;
  busy: boolean;
  onRole: (isManager: boolean) => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}

function UserRow({ user, isSelf, busy, onRole, onDeactivate, onReactivate }: UserRowProps) {
  const { t } = useTranslation();
  const name = fullName(user);
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="sub-user"
      sx={{
        p: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        bgcolor: user.bActive ? undefined : 'action.hover',
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          {isSelf && <Chip size="small" label={t('profile.users.you')} />}
          <Chip
            size="small"
            color={user.bActive ? 'success' : 'default'}
            variant={user.bActive ? 'filled' : 'outlined'}
            label={user.bActive ? t('profile.users.active') : t('profile.users.inactive')}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.sEmail}
          {user.sJobTitle ? ` · ${user.sJobTitle}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          margin="none"
          label={t('profile.users.role')}
          value={user.isManager ? 'manager' : 'member'}
          disabled={busy}
          onChange={(event) => onRole(event.target.value === 'manager')}
          sx={{ width: 170 }}
        >
          <MenuItem value="manager">{t('profile.users.manager')}</MenuItem>
          <MenuItem value="member">{t('profile.users.member')}</MenuItem>
        </TextField>
        {user.bActive ? (
          <Button
            color="error"
            variant="outlined"
            disabled={busy}
            onClick={onDeactivate}
            aria-label={t('profile.users.deactivateNamed', { name })}
          >
            {t('profile.users.deactivate')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={onReactivate}
            aria-label={t('profile.users.reactivateNamed', { name })}
          >
            {t('profile.users.reactivate')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
