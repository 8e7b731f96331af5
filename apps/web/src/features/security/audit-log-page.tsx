import { addDays, formatCompanyTime, isCalendarDate, startOfDayInTimeZone } from '@app/domain';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import LinearProgress from '@mui/material/LinearProgress';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export-button';
import { PageFrame } from '../../components/page-frame';
import type { ExcelColumn } from '../../lib/excel';
import {
  useAuditLogQuery,
  useMembersQuery,
  type AuditEntry,
  type AuditLogQuery,
} from './api/security';
import { SmallTable } from '../../components/small-table';
import { auditActionLabel } from './audit-actions';
import { companyTimeZone } from '../../lib/company-clock';

const PAGE_SIZES = [25, 50, 100];

/** The instant a calendar day ('YYYY-MM-DD') starts on the company clock, `days` days on. */
function startOfCompanyDay(calendarDate: string, days = 0): string | undefined {
  if (!isCalendarDate(calendarDate)) return undefined;
  return startOfDayInTimeZone(addDays(calendarDate, days), companyTimeZone()).toISOString();
}

function changeText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return Object.entries(value as Record<string, unknown>)
    .map(([key, field]) => `${key}: ${String(field)}`)
    .join(', ');
}

/** What a write changed, shortly: `field: before → after` for each field that differs. */
function changeSummary(entry: AuditEntry): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (entry.before === undefined) return changeText(entry.after);
  if (entry.after === undefined) return changeText(entry.before);
  return Object.keys({ ...before, ...after })
    .filter((key) => String(before[key]) !== String(after[key]))
    .map((key) => `${key}: ${String(before[key] ?? '—')} → ${String(after[key] ?? '—')}`)
    .join(', ');
}

/** /audit-log (admins): every write of the company, filtered, paged and exported to Excel. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [user, setUser] = useState('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(50);
  const query: AuditLogQuery = {
    page: page + 1,
    limit,
    ...(startOfCompanyDay(from) ? { from: startOfCompanyDay(from) } : {}),
    // "To" includes the whole day chosen.
    ...(startOfCompanyDay(to, 1) ? { to: startOfCompanyDay(to, 1) } : {}),
    ...(user ? { user } : {}),
  };
  const log = useAuditLogQuery(query);
  const members = useMembersQuery();
  // On the company clock, its zone named, as every other time of the app.
  const dateTime = useMemo(
    () => ({
      format: (at: Date) =>
        formatCompanyTime(
          at,
          i18n.language === 'sp' ? 'es-MX' : 'en-US',
          { dateStyle: 'medium', timeStyle: 'medium' },
          companyTimeZone(),
        ),
    }),
    [i18n.language],
  );
  // Words, never the stored codes: the code stays in a tooltip for whoever asks support.
  const action = (entry: AuditEntry) =>
    auditActionLabel(entry.sAction, i18n.language) ?? t('security.audit.otherAction');
  const outcome = (entry: AuditEntry) =>
    entry.sOutcome === 'OK' ? t('security.audit.outcomeOk') : t('security.audit.outcomeRefused');
  const who = (entry: AuditEntry) => entry.sUserName ?? entry.sUserEmail ?? entry.sUserId ?? '—';
  const columns: ExcelColumn<AuditEntry>[] = [
    { header: t('security.audit.columns.at'), value: (entry) => new Date(entry.at) },
    { header: t('security.audit.columns.user'), value: who },
    { header: t('security.audit.columns.ip'), value: (entry) => entry.sIp },
    { header: t('security.audit.columns.userAgent'), value: (entry) => entry.sUserAgent },
    { header: t('security.audit.columns.action'), value: action },
    { header: t('security.audit.columns.entity'), value: (entry) => entry.sEntity },
    { header: t('security.audit.columns.before'), value: (entry) => changeText(entry.before) },
    { header: t('security.audit.columns.after'), value: (entry) => changeText(entry.after) },
    { header: t('security.audit.columns.outcome'), value: outcome },
  ];
  const entries = log.data?.entries ?? [];
  const resetPage = () => setPage(0);
  return (
    <PageFrame
      title={t('security.audit.title')}
      subtitle={t('security.audit.subtitle')}
      actions={
        <ExportButton fileName={t('security.audit.fileName')} columns={columns} rows={entries} />
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          type="date"
          label={t('security.audit.from')}
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            resetPage();
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={t('security.audit.to')}
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
            resetPage();
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label={t('security.audit.user')}
          value={user}
          onChange={(event) => {
            setUser(event.target.value);
            resetPage();
          }}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">{t('security.audit.allUsers')}</MenuItem>
          {(members.data?.users ?? []).map((member) => (
            <MenuItem key={member.sUserId} value={member.sUserId}>
              {`${member.sName} ${member.sLastName}`.trim() || member.sEmail}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {log.isError && <Alert severity="error">{t('security.audit.loadError')}</Alert>}
      <Paper variant="outlined">
        {log.isFetching && <LinearProgress aria-hidden />}
        <SmallTable
          label={t('security.audit.tableLabel')}
          frame="none"
          head={
            <>
              <TableCell>{t('security.audit.columns.at')}</TableCell>
              <TableCell>{t('security.audit.columns.user')}</TableCell>
              <TableCell>{t('security.audit.columns.action')}</TableCell>
              <TableCell>{t('security.audit.columns.outcome')}</TableCell>
              <TableCell>{t('security.audit.columns.entity')}</TableCell>
              <TableCell>{t('security.audit.columns.change')}</TableCell>
              <TableCell>{t('security.audit.columns.ip')}</TableCell>
              <TableCell>{t('security.audit.columns.userAgent')}</TableCell>
            </>
          }
        >
          {entries.map((entry) => (
            <TableRow key={entry.sAuditId} data-testid="audit-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {dateTime.format(new Date(entry.at))}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{who(entry)}</TableCell>
              <TableCell title={entry.sAction}>{action(entry)}</TableCell>
              <TableCell title={entry.sOutcome}>{outcome(entry)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{entry.sEntity}</TableCell>
              <TableCell sx={{ minWidth: 280 }}>{changeSummary(entry)}</TableCell>
              <TableCell>{entry.sIp}</TableCell>
              <TableCell
                sx={{
                  maxWidth: 180,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
                title={entry.sUserAgent ?? ''}
              >
                {entry.sUserAgent}
              </TableCell>
            </TableRow>
          ))}
          {log.isSuccess && entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>{t('security.audit.empty')}</TableCell>
            </TableRow>
          )}
        </SmallTable>
        <TablePagination
          component="div"
          count={log.data?.total ?? 0}
          page={page}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={limit}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value));
            resetPage();
          }}
        />
      </Paper>
    </PageFrame>
  );
}
