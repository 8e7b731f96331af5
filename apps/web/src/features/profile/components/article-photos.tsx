import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { showErrorToast, showSuccessToast, showToast } from '../../../lib/toast';
import type { ChangeEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import type { ArticleImage } from '../api/articles';
import { useArticleImageMutations } from '../api/articles';
import {
  base64OfDataUrl,
  MAX_ARTICLE_PHOTOS,
  PHOTO_TYPES,
  checkPhotoFile,
  readFileAsDataUrl,
  takePhotos,
} from '../article-form';
import { CornerIconButton } from '../../../components/corner-icon-button';

/** A photo chosen for an article that does not exist yet; uploaded when it is saved. */
export interface PendingPhoto {
  id: string;
  fileName: string;
  dataUrl: string;
}

interface ArticlePhotosProps {
  articleName: string;
  /** Set when the article exists: photos are then uploaded and deleted at once. */
  articleId: string | undefined;
  images: ArticleImage[];
  pending: PendingPhoto[];
  onPendingChange: (pending: PendingPhoto[]) => void;
  disabled: boolean;
}

const THUMBS_SX = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
  gap: 1,
  listStyle: 'none',
  p: 0,
  m: 0,
  mt: 1,
} as const;

/** The photos of an article: thumbnails with a delete button, and a file picker. */
export function ArticlePhotos(props: ArticlePhotosProps) {
  const { articleName, articleId, images, pending, onPendingChange, disabled } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const { upload, remove } = useArticleImageMutations();
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const [toRemove, setToRemove] = useState<ArticleImage>();
  const count = images.length + pending.length;
  const full = count >= MAX_ARTICLE_PHOTOS;
  const busy = disabled || uploading || remove.isPending;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    // The bytes are checked here, before anything is queued or sent.
    const problems = await Promise.all(chosen.map((file) => checkPhotoFile(file)));
    const usable = chosen.filter((file, index) => {
      const problem = problems[index];
      if (problem) {
        showToast(
          t(
            problem === 'size' ? 'profile.articles.photoTooBig' : 'profile.articles.photoWrongType',
            {
              name: file.name,
            },
          ),
          { variant: 'error' },
        );
      }
      return !problem;
    });
    const { taken, leftOut } = takePhotos(usable, count);
    if (leftOut) {
      showToast(t('profile.articles.photoLimit', { max: String(MAX_ARTICLE_PHOTOS) }), {
        variant: 'warning',
      });
    }
    if (taken.length === 0) return;
    setUploading(true);
    try {
      const read = await Promise.all(
        taken.map(async (file) => ({
          id: crypto.randomUUID(),
          fileName: file.name,
          dataUrl: await readFileAsDataUrl(file),
        })),
      );
      if (!articleId) {
        onPendingChange([...pending, ...read]);
        return;
      }
      for (const photo of read) {
        try {
          await upload.mutateAsync({
            sArticleId: articleId,
            image: { sFileName: photo.fileName, sContentBase64: base64OfDataUrl(photo.dataUrl) },
          });
          showSuccessToast(t('profile.articles.photoAdded'));
        } catch (error) {
          showToast(
            t('profile.articles.photoUploadFailed', {
              message: isApiError(error) ? error.message : photo.fileName,
            }),
            { variant: 'error' },
          );
        }
      }
    } catch (error) {
      showErrorToast(error);
    } finally {
      setUploading(false);
    }
  };

  const confirmRemove = async (image: ArticleImage) => {
    if (!articleId) return;
    try {
      await remove.mutateAsync({ sArticleId: articleId, sImageId: image.sImageId });
      showSuccessToast(t('profile.articles.photoRemoved'));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setToRemove(undefined);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h3" component="h3">
          {t('profile.articles.photos')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('profile.articles.photosCount', { count, max: String(MAX_ARTICLE_PHOTOS) })}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('profile.articles.photosHint', { max: String(MAX_ARTICLE_PHOTOS) })}
      </Typography>

      {count > 0 && (
        <Box component="ul" sx={THUMBS_SX}>
          {images.map((image, index) => (
            <Thumb
              key={image.sImageId}
              src={image.sUrl}
              alt={t('profile.articles.photoOf', { name: articleName })}
              removeLabel={t('profile.articles.removePhoto', { index: String(index + 1) })}
              disabled={busy}
              onRemove={() => setToRemove(image)}
            />
          ))}
          {pending.map((photo) => (
            <Thumb
              key={photo.id}
              src={photo.dataUrl}
              alt={photo.fileName}
              removeLabel={t('profile.articles.removePending', { name: photo.fileName })}
              disabled={busy}
              onRemove={() => onPendingChange(pending.filter((item) => item.id !== photo.id))}
            />
          ))}
        </Box>
      )}
      {pending.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('profile.articles.pendingPhotos')}
        </Typography>
      )}

      <Button
        variant="outlined"
        sx={{ mt: 1.5 }}
        disabled={busy || full}
        onClick={() => inputRef.current?.click()}
        startIcon={
          uploading ? <CircularProgress size={16} color="inherit" /> : <AddPhotoAlternateIcon />
        }
      >
        {t('profile.articles.addPhotos')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple
        accept={PHOTO_TYPES.join(',')}
        aria-label={t('profile.articles.addPhotos')}
        data-testid="article-photo-input"
        onChange={(event) => void onFiles(event)}
      />

      <ConfirmDialog
        open={toRemove !== undefined}
        title={t('profile.articles.removePhotoTitle')}
        confirmLabel={t('profile.articles.delete')}
        cancelLabel={t('profile.cancel')}
        destructive
        busy={remove.isPending}
        onCancel={() => setToRemove(undefined)}
        onConfirm={() => {
          if (toRemove) void confirmRemove(toRemove);
        }}
      >
        <Typography>{t('profile.articles.removePhotoText')}</Typography>
      </ConfirmDialog>
    </Box>
  );
}

function Thumb(props: {
  src: string;
  alt: string;
  removeLabel: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <Box component="li" sx={{ position: 'relative' }}>
      <Box
        component="img"
        src={props.src}
        alt={props.alt}
        sx={{
          width: '100%',
          aspectRatio: '1',
          objectFit: 'cover',
          borderRadius: 1,
          display: 'block',
          border: 1,
          borderColor: 'divider',
        }}
      />
      <CornerIconButton
        label={props.removeLabel}
        disabled={props.disabled}
        onClick={props.onRemove}
      >
        <DeleteIcon fontSize="small" />
      </CornerIconButton>
    </Box>
  );
}
