import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { showErrorToast, showSuccessToast, showToast } from '../../../lib/toast';
import { useEffect, useId, useState } from 'react';
import type { Control } from 'react-hook-form';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldError, validationErrorMap } from '../../../lib/form-errors';
import type { VendorArticle } from '../api/articles';
import {
  articleKeys,
  uploadArticleImage,
  useArticleMutations,
  useArticleQuery,
  useCategoriesQuery,
  useSubcategoriesQuery,
} from '../api/articles';
import type { ArticleFormValues } from '../article-form';
import {
  articleBody,
  articleFormSchema,
  articleFormValues,
  base64OfDataUrl,
  EMPTY_ARTICLE,
} from '../article-form';
import type { PendingPhoto } from './article-photos';
import { ArticlePhotos } from './article-photos';
import { profileErrorText } from '../profile-error-text';
import { PAIR_SX } from '../../../components/form-layout';
import { ProfileTextField } from './profile-text-field';
import { BusyButton } from '../../../components/busy-button';
import { AppDialog } from '../../../components/app-dialog';

const resolver = zodResolver(articleFormSchema, { error: validationErrorMap });

const FORM_FIELDS = [
  'sName',
  'sNameSp',
  'sDescription',
  'sDescriptionSp',
  'sOrigin',
  'sSubcategoryId',
  'dPricePerBox',
  'iBoxesPerPallet',
  'iMinBoxes',
  'iStock',
] as const;

interface ArticleFormDialogProps {
  open: boolean;
  /** The article being edited; none to create one. */
  article: VendorArticle | undefined;
  onClose: () => void;
}

/**
 * 'Add article' / 'Edit article': persistent. A new article's photos wait in the dialog
 * and are uploaded once the article exists; an existing article's photos are uploaded and
 * deleted at once. If a photo of a new article fails, the article is deactivated (never
 * published half-done) and the dialog stays open on it.
 */
export function ArticleFormDialog({ open, article, onClose }: ArticleFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { create, update, setActive } = useArticleMutations();
  const queryClient = useQueryClient();
  /** Set once the article exists (edited, or just created). */
  const [articleId, setArticleId] = useState<string>();
  const fresh = useArticleQuery(open ? articleId : undefined);
  const current = fresh.data ?? (article?.sArticleId === articleId ? article : undefined);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const { control, handleSubmit, reset, setError, setValue } = useForm<ArticleFormValues>({
    resolver,
    defaultValues: EMPTY_ARTICLE,
  });

  useEffect(() => {
    if (!open) return;
    setArticleId(article?.sArticleId);
    reset(article ? articleFormValues(article) : EMPTY_ARTICLE);
    setPending([]);
  }, [open, article, reset]);

  const busy = create.isPending || update.isPending || uploading;

  /** Uploads the waiting photos one by one; keeps those that failed. */
  const uploadPending = async (sArticleId: string): Promise<boolean> => {
    const failed: PendingPhoto[] = [];
    for (const photo of pending) {
      try {
        await uploadArticleImage(sArticleId, {
          sFileName: photo.fileName,
          sContentBase64: base64OfDataUrl(photo.dataUrl),
        });
      } catch (error) {
        failed.push(photo);
        showToast(
          t('profile.articles.photoUploadFailed', {
            message: isApiError(error) ? error.message : photo.fileName,
          }),
          { variant: 'error' },
        );
      }
    }
    setPending(failed);
    await queryClient.invalidateQueries({ queryKey: articleKeys.all });
    return failed.length === 0;
  };

  const onSubmit = handleSubmit(async (values) => {
    const body = articleBody(values);
    try {
      if (articleId) {
        await update.mutateAsync({ sArticleId: articleId, body });
        showSuccessToast(t('profile.articles.saved'));
        onClose();
        return;
      }
      const { article: created } = await create.mutateAsync(body);
      setArticleId(created.sArticleId);
      setUploading(true);
      const allUploaded = await uploadPending(created.sArticleId).finally(() =>
        setUploading(false),
      );
      if (allUploaded) {
        showSuccessToast(t('profile.articles.created'));
        onClose();
        return;
      }
      // Never published half-done: without its photos the article stays hidden from buyers
      // until the grower adds them again and reactivates it.
      await setActive.mutateAsync({ sArticleId: created.sArticleId, active: false });
      showToast(t('profile.articles.keptInactive'), { variant: 'warning' });
    } catch (error) {
      if (!applyServerFieldError(error, FORM_FIELDS, setError)) showErrorToast(error);
    }
  });

  const editing = Boolean(articleId);

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      busy={busy}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
    >
      <DialogTitle id={titleId}>
        {editing ? t('profile.articles.editTitle') : t('profile.articles.addTitle')}
      </DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)} style={{ display: 'contents' }}>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('profile.articles.languagesHint')}
          </Typography>
          <Box sx={PAIR_SX}>
            <ProfileTextField
              control={control}
              name="sName"
              label={t('profile.articles.nameEn')}
              sx={{ mt: 0 }}
            />
            <ProfileTextField
              control={control}
              name="sNameSp"
              label={t('profile.articles.nameSp')}
              sx={{ mt: 0 }}
            />
          </Box>
          <Box sx={PAIR_SX}>
            <ProfileTextField
              control={control}
              name="sDescription"
              label={t('profile.articles.descriptionEn')}
              multiline
              minRows={2}
            />
            <ProfileTextField
              control={control}
              name="sDescriptionSp"
              label={t('profile.articles.descriptionSp')}
              multiline
              minRows={2}
            />
          </Box>
          <ProfileTextField
            control={control}
            name="sOrigin"
            label={t('profile.articles.origin')}
            helperText={t('profile.articles.originHint')}
          />
          <CategoryFields
            control={control}
            onCategoryChange={() => setValue('sSubcategoryId', '', { shouldDirty: true })}
          />
          <Box sx={PAIR_SX}>
            <ProfileTextField
              control={control}
              name="dPricePerBox"
              label={t('profile.articles.price')}
              helperText={t('profile.articles.priceHint')}
              required
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            <ProfileTextField
              control={control}
              name="iBoxesPerPallet"
              label={t('profile.articles.boxesPerPallet')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <ProfileTextField
              control={control}
              name="iMinBoxes"
              label={t('profile.articles.minBoxes')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <ProfileTextField
              control={control}
              name="iStock"
              label={t('profile.articles.stockBoxes')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Box>
          <ArticlePhotos
            articleName={current?.sName ?? ''}
            articleId={articleId}
            images={current?.aImages ?? []}
            pending={pending}
            onPendingChange={setPending}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {editing ? t('profile.close') : t('profile.cancel')}
          </Button>
          <BusyButton busy={busy} type="submit">
            {t('profile.save')}
          </BusyButton>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

/** Category, then its subcategories (GET catalog/categories/{id}/subcategories). */
function CategoryFields({
  control,
  onCategoryChange,
}: {
  control: Control<ArticleFormValues>;
  onCategoryChange: () => void;
}) {
  const { t } = useTranslation();
  const categories = useCategoriesQuery();
  const category = useController({ control, name: 'sCategoryId' });
  const subcategory = useController({ control, name: 'sSubcategoryId' });
  const categoryId = useWatch({ control, name: 'sCategoryId' });
  const subcategories = useSubcategoriesQuery(categoryId);
  const categoryError = profileErrorText(category.fieldState.error, t);
  const subcategoryError = profileErrorText(subcategory.fieldState.error, t);
  const categoryOptions = categories.data ?? [];
  const subcategoryOptions = subcategories.data ?? [];
  // A select shows nothing for a value it has no option for (still loading): keep it empty.
  const categoryValue = categoryOptions.some((item) => item.sCategoryId === category.field.value)
    ? category.field.value
    : '';
  const subcategoryValue = subcategoryOptions.some(
    (item) => item.sSubcategoryId === subcategory.field.value,
  )
    ? subcategory.field.value
    : '';

  return (
    <Box sx={PAIR_SX}>
      <TextField
        select
        required
        label={t('profile.articles.category')}
        name={category.field.name}
        value={categoryValue}
        onChange={(event) => {
          category.field.onChange(event.target.value);
          onCategoryChange();
        }}
        onBlur={category.field.onBlur}
        inputRef={category.field.ref}
        error={Boolean(categoryError)}
        helperText={categoryError}
        disabled={categories.isPending}
      >
        {categoryOptions.map((item) => (
          <MenuItem key={item.sCategoryId} value={item.sCategoryId}>
            {item.sName}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={t('profile.articles.subcategory')}
        name={subcategory.field.name}
        value={subcategoryValue}
        onChange={(event) => subcategory.field.onChange(event.target.value)}
        onBlur={subcategory.field.onBlur}
        inputRef={subcategory.field.ref}
        error={Boolean(subcategoryError)}
        helperText={
          subcategoryError ?? (categoryId ? undefined : t('profile.articles.chooseCategoryFirst'))
        }
        disabled={!categoryId || subcategories.isPending}
      >
        {subcategoryOptions.map((item) => (
          <MenuItem key={item.sSubcategoryId} value={item.sSubcategoryId}>
            {item.sName}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
