import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { moneyToNumber, parseMoney } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { localeOf, useLanguage } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session-store';
import { useAddToCartMutation } from '../api/add-to-cart';
import type { ArticleDetail } from '../api/catalog';
import type { BoxesProblem } from '../../../lib/boxes';
import { boxesProblem, canBuy, palletsOf } from '../../../lib/boxes';
import { useWriteGuard } from '../../../lib/team-role';
import { WithReason } from '../../../components/with-reason';

/** Add-to-cart for a buyer company's administrator; everyone else is told why they cannot. */
export function BuyPanel({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  let body;
  if (!canBuy(article.iMinBoxes, article.iStock)) {
    body = <Alert severity="warning">{t('catalog.buy.outOfStock')}</Alert>;
  } else if (!session) {
    body = (
      <>
        <Typography sx={{ mb: 2 }}>{t('catalog.buy.logInText')}</Typography>
        <Button
          variant="contained"
          fullWidth
          onClick={() => void navigate('/login', { state: { from: location } })}
        >
          {t('catalog.buy.logInToBuy')}
        </Button>
      </>
    );
  } else if (session.user.sRole === 'vendor') {
    body = <Alert severity="info">{t('catalog.buy.vendorsCannotBuy')}</Alert>;
  } else if (session.user.sRole === 'operator') {
    body = <Alert severity="info">{t('catalog.buy.operatorsCannotBuy')}</Alert>;
  } else if (!session.user.isManager) {
    body = <Alert severity="info">{t('catalog.buy.managerOnly')}</Alert>;
  } else {
    body = <AddToCartForm article={article} />;
  }

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="buy-title">
      <Typography id="buy-title" component="h2" variant="h3" sx={{ mb: 1.5 }}>
        {t('catalog.buy.title')}
      </Typography>
      {body}
    </Paper>
  );
}

const PROBLEM_KEYS = {
  required: 'catalog.buy.required',
  whole: 'catalog.buy.whole',
  belowMinimum: 'catalog.buy.belowMinimum',
  aboveStock: 'catalog.buy.aboveStock',
} as const satisfies Record<BoxesProblem, string>;

function AddToCartForm({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation();
  const writeBlocked = useWriteGuard();
  const language = useLanguage();
  const [boxes, setBoxes] = useState(String(article.iMinBoxes));
  const [shownProblem, setShownProblem] = useState<BoxesProblem | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const add = useAddToCartMutation();
  const count = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 });

  const problem = boxesProblem(boxes, article.iMinBoxes, article.iStock);
  const valid = problem === null;
  const quantity = valid ? Number(boxes.trim()) : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShownProblem(problem);
    if (!valid || add.isPending) return;
    setAdded(null);
    add.mutate(
      { articleId: article.sArticleId, boxes: quantity },
      { onSuccess: () => setAdded(quantity) },
    );
  };

  const serverError = add.error;
  let errorText: string | undefined;
  if (shownProblem) {
    const min = String(article.iMinBoxes);
    const stock = String(article.iStock);
    errorText =
      shownProblem === 'belowMinimum'
        ? t('catalog.buy.belowMinimum', { min })
        : shownProblem === 'aboveStock'
          ? t('catalog.buy.aboveStock', { stock })
          : t(PROBLEM_KEYS[shownProblem]);
  } else if (
    isApiError(serverError) &&
    (serverError.code === 'OVER_STOCK' || serverError.code === 'UNDER_MINIMUM')
  ) {
    // The server's message already says what is in the cart and what is left.
    errorText = serverError.message;
  } else if (isApiError(serverError) && serverError.field === 'dQuantity') {
    errorText = `${serverError.message} ${t('catalog.buy.cartTotalHint', {
      min: String(article.iMinBoxes),
      max: String(article.iStock),
    })}`;
  }
  const otherError =
    serverError && !(isApiError(serverError) && serverError.field === 'dQuantity')
      ? isApiError(serverError)
        ? serverError.message
        : t('errors.unknown')
      : undefined;

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <TextField
        label={t('catalog.buy.quantity')}
        value={boxes}
        onChange={(event) => {
          setBoxes(event.target.value);
          setShownProblem(null);
          setAdded(null);
          add.reset();
        }}
        error={Boolean(errorText)}
        helperText={
          errorText ??
          t('catalog.buy.range', { min: String(article.iMinBoxes), max: String(article.iStock) })
        }
        margin="none"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Box aria-live="polite" sx={{ mt: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="buy-pallets">
          {t('catalog.buy.pallets', {
            pallets: count.format(palletsOf(quantity, article.iBoxesPerPallet)),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('catalog.buy.lineTotal', {
            total: formatMoney(moneyToNumber(parseMoney(article.dPricePerBox) * BigInt(quantity))),
          })}
        </Typography>
      </Box>
      {otherError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {otherError}
        </Alert>
      )}
      <WithReason reason={writeBlocked}>
        <Button
          type="submit"
          variant="contained"
          fullWidth
          size="large"
          sx={{ mt: 2 }}
          disabled={add.isPending}
          startIcon={
            add.isPending ? <CircularProgress size={18} color="inherit" /> : <AddShoppingCartIcon />
          }
        >
          {t('catalog.buy.add')}
        </Button>
      </WithReason>
      {added !== null && (
        <Alert
          severity="success"
          sx={{ mt: 2 }}
          action={
            <Button component={RouterLink} to="/shopping-cart" color="inherit" size="small">
              {t('catalog.buy.goToCart')}
            </Button>
          }
        >
          {t('catalog.buy.added', { count: added })}
        </Alert>
      )}
    </Box>
  );
}
