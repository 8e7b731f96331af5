import { TEAM_ROLES, type TeamRole } from '@app/domain';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
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
import { WithReason } from '../../../components/with-reason';
import { isApiError } from '../../../lib/api-client';
import { useWriteGuard } from '../../../lib/team-role';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { ProfileUser } from '../api/profile';
import {
  USERS_PAGE_SIZE,
  useResetMemberSecondFactor,
  useUpdateUserAccess,
  useUsersQuery,
} from '../api/profile';
import { InviteUserDialog } from './invite-user-dialog';
import { LoadError, TabSection } from './tab-section';

function fullName(user: ProfileUser): string {
  return `${user.sName} ${user.sLastName}`;
}

/**
 * Tab 2: the company's users, their role, whether they can log in and have a second factor;
 * an ADMIN invites more, changes roles and resets a lost second factor.
 */
export function SubUsersTab({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const adminBlocked = useWriteGuard('admin');
  const resetTotp = useResetMemberSecondFactor();
  const [toResetTotp, setToResetTotp] = useState<ProfileUser>();
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
    } else if (
      isApiError(error) &&
      ((error.code === 'INVALID_STATE' &&
        (error.field === 'isManager' || error.field === 'sTeamRole')) ||
        error.code === 'LAST_ADMIN')
    ) {
      setSelfError('selfDemote');
    } else {
      showErrorToast(error);
    }
  };

  const changeRole = async (user: ProfileUser, sTeamRole: TeamRole) => {
    setSelfError(undefined);
    try {
      await access.mutateAsync({ sUserId: user.sUserId, sTeamRole });
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

  const confirmResetTotp = async (user: ProfileUser) => {
    try {
      await resetTotp.mutateAsync(user.sUserId);
      showSuccessToast(t('profile.users.resetTotpDone', { name: fullName(user) }));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setToResetTotp(undefined);
    }
  };

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <TabSection
      title={t('profile.users.heading')}
      intro={t('profile.users.intro')}
      aside={
        <WithReason reason={adminBlocked}>
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setInviting(true)}
          >
            {t('profile.users.invite')}
          </Button>
        </WithReason>
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
              busy={access.isPending || resetTotp.isPending}
              blocked={adminBlocked}
              onResetTotp={() => setToResetTotp(user)}
              onRole={(role) => void changeRole(user, role)}
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
        open={toResetTotp !== undefined}
        title={t('profile.users.resetTotpTitle')}
        confirmLabel={t('profile.users.resetTotp')}
        cancelLabel={t('profile.cancel')}
        destructive
        busy={resetTotp.isPending}
        onCancel={() => setToResetTotp(undefined)}
        onConfirm={() => {
          if (toResetTotp) void confirmResetTotp(toResetTotp);
        }}
      >
        <Typography>
          {toResetTotp ? t('profile.users.resetTotpText', { name: fullName(toResetTotp) }) : null}
        </Typography>
      </ConfirmDialog>

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
  /** Why the user cannot manage members (not an ADMIN); undefined when they can. */
  blocked: string | undefined;
  onResetTotp: () => void;
  onRole: (role: TeamRole) => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}

function UserRow(props: UserRowProps) {
  const { user, isSelf, busy, blocked, onResetTotp, onRole, onDeactivate, onReactivate } = props;
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
          <Chip
            size="small"
            variant="outlined"
            color={user.bTotpEnabled ? 'success' : 'default'}
            icon={user.bTotpEnabled ? <VerifiedUserOutlinedIcon /> : undefined}
            data-testid="sub-user-totp"
            label={user.bTotpEnabled ? t('profile.users.totpOn') : t('profile.users.totpOff')}
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
          value={user.sTeamRole ?? (user.isManager ? 'ADMIN' : 'PREPARER')}
          disabled={busy || blocked !== undefined}
          title={blocked}
          onChange={(event) => onRole(event.target.value as TeamRole)}
          sx={{ width: 170 }}
        >
          {TEAM_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`team.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        {user.bTotpEnabled && !isSelf && (
          <WithReason reason={blocked}>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={onResetTotp}
              aria-label={t('profile.users.resetTotpNamed', { name })}
            >
              {t('profile.users.resetTotp')}
            </Button>
          </WithReason>
        )}
        <WithReason reason={blocked}>
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
        </WithReason>
      </Box>
    </Paper>
  );
}
