import AddIcon from '@mui/icons-material/Add';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { VendorArticle } from '../api/articles';
import { ARTICLES_PAGE_SIZE, useArticleMutations, useArticlesQuery } from '../api/articles';
import { ArticleFormDialog } from './article-form-dialog';
import { LoadError, TabSection } from './tab-section';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';
import { CardGrid, CardGridLoading } from '../../../components/card-grid';
import { SearchField } from '../../../components/search-field';

type DialogState =
  | { kind: 'closed' }
  | { kind: 'form'; article: VendorArticle | undefined }
  | { kind: 'deactivate'; article: VendorArticle };

/** Tab 4 (vendors): the grower's own articles; create, edit, photos, (de)activate. */
export function ArticlesTab() {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const articles = useArticlesQuery(search, page);
  const { setActive } = useArticleMutations();
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });

  // Ask the server once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const changeActive = async (article: VendorArticle, active: boolean) => {
    try {
      await setActive.mutateAsync({ sArticleId: article.sArticleId, active });
      showSuccessToast(t(active ? 'profile.articles.activated' : 'profile.articles.deactivated'));
      setDialog({ kind: 'closed' });
    } catch (error) {
      showErrorToast(error);
    }
  };

  const total = articles.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ARTICLES_PAGE_SIZE));
  const rows = articles.data?.articles ?? [];

  return (
    <TabSection
      title={t('profile.articles.heading')}
      intro={t('profile.articles.intro')}
      aside={
        <WithReason reason={writeBlocked}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: 'form', article: undefined })}
          >
            {t('profile.articles.add')}
          </Button>
        </WithReason>
      }
    >
      <SearchField
        label={t('profile.articles.search')}
        value={searchInput}
        onChange={setSearchInput}
        sx={{ width: { xs: '100%', sm: 340 }, mb: 2 }}
      />

      {articles.isPending ? (
        <CardGridLoading height={320} label={t('common.loading')} />
      ) : articles.isError ? (
        <LoadError onRetry={() => void articles.refetch()} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {search ? t('profile.articles.noMatches') : t('profile.articles.empty')}
        </Typography>
      ) : (
        <CardGrid maxColumns={3}>
          {rows.map((article) => (
            <ArticleCard
              key={article.sArticleId}
              article={article}
              busy={setActive.isPending}
              onEdit={() => setDialog({ kind: 'form', article })}
              onDeactivate={() => setDialog({ kind: 'deactivate', article })}
              onActivate={() => void changeActive(article, true)}
            />
          ))}
        </CardGrid>
      )}

      <ListPagination
        label={t('profile.articles.pages')}
        page={page}
        count={pages}
        onChange={setPage}
      />

      <ArticleFormDialog
        open={dialog.kind === 'form'}
        article={dialog.kind === 'form' ? dialog.article : undefined}
        onClose={() => setDialog({ kind: 'closed' })}
      />

      <ConfirmDialog
        open={dialog.kind === 'deactivate'}
        title={t('profile.articles.deactivateTitle')}
        confirmLabel={t('profile.articles.deactivate')}
        cancelLabel={t('profile.cancel')}
        destructive
        busy={setActive.isPending}
        onCancel={() => setDialog({ kind: 'closed' })}
        onConfirm={() => {
          if (dialog.kind === 'deactivate') void changeActive(dialog.article, false);
        }}
      >
        <Typography>
          {dialog.kind === 'deactivate'
            ? t('profile.articles.deactivateText', { name: dialog.article.sName })
            : null}
        </Typography>
      </ConfirmDialog>
    </TabSection>
  );
}

interface ArticleCardProps {
  article: VendorArticle;
  busy: boolean;
  onEdit: () => void;
  onDeactivate: () => void;
  onActivate: () => void;
}

function ArticleCard({ article, busy, onEdit, onDeactivate, onActivate }: ArticleCardProps) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const photo = article.aImages[0];
  const name = article.sName;
  return (
    <Card
      component="li"
      variant="outlined"
      data-testid="vendor-article"
      sx={{ display: 'flex', flexDirection: 'column', opacity: article.bActive ? 1 : 0.85 }}
    >
      {photo ? (
        <Box
          component="img"
          src={photo.sUrl}
          alt={t('profile.articles.photoOf', { name })}
          loading="lazy"
          sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box
          sx={{
            aspectRatio: '4 / 3',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          <ImageNotSupportedOutlinedIcon aria-hidden />
          <Typography variant="body2">{t('profile.articles.noPhoto')}</Typography>
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h3" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Chip
            size="small"
            color={article.bActive ? 'success' : 'default'}
            variant={article.bActive ? 'filled' : 'outlined'}
            label={article.bActive ? t('profile.articles.active') : t('profile.articles.inactive')}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {article.sCategoryName} › {article.sSubcategoryName}
        </Typography>
        <Typography sx={{ mt: 1, fontWeight: 600 }}>
          {t('profile.articles.pricePerBox', { price: formatMoney(article.dPricePerBox) })}
        </Typography>
        <Typography variant="body2">
          {t('profile.articles.stock', { count: article.iStock })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('profile.articles.perPallet', { count: article.iBoxesPerPallet })} ·{' '}
          {t('profile.articles.minimum', { count: article.iMinBoxes })}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <WithReason reason={writeBlocked}>
          <Button
            variant="outlined"
            onClick={onEdit}
            aria-label={t('profile.articles.editNamed', { name })}
          >
            {t('profile.articles.edit')}
          </Button>
        </WithReason>
        {article.bActive ? (
          <WithReason reason={writeBlocked}>
            <Button
              color="error"
              disabled={busy}
              onClick={onDeactivate}
              aria-label={t('profile.articles.deactivateNamed', { name })}
            >
              {t('profile.articles.deactivate')}
            </Button>
          </WithReason>
        ) : (
          <WithReason reason={writeBlocked}>
            <Button
              disabled={busy}
              onClick={onActivate}
              aria-label={t('profile.articles.activateNamed', { name })}
            >
              {t('profile.articles.activate')}
            </Button>
          </WithReason>
        )}
      </CardActions>
    </Card>
  );
}
