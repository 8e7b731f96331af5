import EcoIcon from '@mui/icons-material/Spa';
import Box from '@mui/material/Box';

interface CatalogImageProps {
  src: string | null | undefined;
  /** The image's text; ignored for the placeholder, which is decorative. */
  alt: string;
  height: number | Record<string, number>;
  /** `contain` shows the whole photo (the article page); `cover` fills the box (cards). */
  fit?: 'cover' | 'contain';
}

/** A catalogue photo cropped to its box, or a plain leaf tile when there is none. */
export function CatalogImage({ src, alt, height, fit = 'cover' }: CatalogImageProps) {
  if (src) {
    return (
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        sx={{ display: 'block', width: '100%', height, objectFit: fit, bgcolor: 'grey.100' }}
      />
    );
  }
  return (
    <Box
      aria-hidden="true"
      sx={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.light',
        background: 'linear-gradient(135deg, #e8f5e9 0%, #f1f8e9 100%)',
      }}
    >
      <EcoIcon sx={{ fontSize: 48 }} />
    </Box>
  );
}
