import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { useSession } from '../../lib/session-store';
import { BankTab } from './components/bank-tab';
import { EnterpriseTab } from './components/enterprise-tab';
import { SubUsersTab } from './components/sub-users-tab';
import { NotificationsTab } from './components/notifications-tab';
import { FormSkeleton } from './components/tab-section';
import { UserDataTab } from './components/user-data-tab';
import { WebhooksTab } from './components/webhooks-tab';
import { profileTabs } from './profile-tabs';
import type { ProfileTab } from './profile-tabs';

// The articles tab (cards, photo uploads) is the heaviest and only growers see it.
const ArticlesTab = lazy(async () => ({
  default: (await import('./components/articles-tab')).ArticlesTab,
}));

/** /profile/tab/{num}: the company profile; the tab is the URL's number. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { num } = useParams();
  const navigate = useNavigate();
  const user = useSession()?.user;
  if (!user) return null;

  const tabs = profileTabs(user.sRole, user.isManager);
  const current = tabs.find((tab) => String(tab.index) === num);
  if (!current) return <Navigate to="/profile/tab/0" replace />;

  const panels: Record<ProfileTab['key'], ReactNode> = {
    user: <UserDataTab />,
    enterprise: <EnterpriseTab enterpriseId={user.sEnterpriseId} />,
    users: <SubUsersTab currentUserId={user.sUserId} />,
    bank: <BankTab />,
    articles: (
      <Suspense fallback={<FormSkeleton />}>
        <ArticlesTab />
      </Suspense>
    ),
    notifications: <NotificationsTab />,
    webhooks: <WebhooksTab />,
  };

  return (
    <PageFrame title={t('profile.title')} subtitle={t('profile.subtitle')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.index}
          onChange={(_, index: number) => void navigate(`/profile/tab/${index}`)}
          aria-label={t('profile.tabsLabel')}
          variant="scrollable"
          scrollButtons="auto"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.index}
              label={t(`profile.tabs.${tab.key}`)}
              id={`profile-tab-${tab.index}`}
              // Only the chosen tab's panel exists, so only it names one.
              aria-controls={tab === current ? `profile-tabpanel-${tab.index}` : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`profile-tabpanel-${current.index}`}
        aria-labelledby={`profile-tab-${current.index}`}
      >
        {panels[current.key]}
      </Box>
    </PageFrame>
  );
}
