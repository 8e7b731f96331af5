import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format';
import type { CatalogArticle } from '../api/catalog';
import { CatalogImage } from './catalog-image';

/** One article in a list: photo, name, grower, price per box FOB McAllen and purchase terms. */
export function ArticleCard({
  article,
  showGrower = true,
}: {
  article: CatalogArticle;
  showGrower?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box component="li" sx={{ display: 'flex' }}>
      <Card variant="outlined" sx={{ flexGrow: 1, display: 'flex' }} data-testid="article-card">
        <CardActionArea
          component={RouterLink}
          to={`/view/article/${article.sArticleId}`}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%' }}
        >
          <CatalogImage src={article.aImages[0]} alt={article.sName} height={160} />
          <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Typography
              component="h2"
              variant="subtitle1"
              sx={{ fontWeight: 600, lineHeight: 1.3 }}
            >
              {article.sName}
            </Typography>
            {showGrower && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              >
                {t('catalog.card.by', { grower: article.sVendorName })}
                {article.bVendorVerified && (
                  <VerifiedIcon
                    fontSize="inherit"
                    color="success"
                    titleAccess={t('catalog.card.verifiedGrower')}
                  />
                )}
              </Typography>
            )}
            <Box sx={{ mt: 'auto', pt: 1 }}>
              <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
                {t('catalog.card.pricePerBox', { price: formatMoney(article.dPricePerBox) })}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('catalog.card.fob')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('catalog.card.perPallet', { count: article.iBoxesPerPallet })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('catalog.card.minimum', { count: article.iMinBoxes })}
              </Typography>
            </Box>
          </CardContent>
        </CardActionArea>
      </Card>
    </Box>
  );
}
