import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogImage } from './catalog-image';

/** The article's photos: the chosen one large, all of them as thumbnails to choose from. */
export function PhotoGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const index = chosen < images.length ? chosen : 0;
  return (
    <Box component="section" aria-label={t('catalog.article.photos', { name })}>
      <Box sx={{ borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        <CatalogImage
          src={images[index]}
          alt={t('catalog.article.photo', { number: String(index + 1), name })}
          height={{ xs: 260, sm: 380 }}
          fit="contain"
        />
      </Box>
      {images.length > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {images.map((src, position) => (
            <ButtonBase
              key={src}
              onClick={() => setChosen(position)}
              aria-label={t('catalog.article.showPhoto', { number: String(position + 1) })}
              aria-pressed={position === index}
              sx={{
                width: 72,
                height: 72,
                borderRadius: 1,
                overflow: 'hidden',
                border: 2,
                borderColor: position === index ? 'primary.main' : 'divider',
                '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.light' },
              }}
            >
              <Box
                component="img"
                src={src}
                alt=""
                loading="lazy"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
