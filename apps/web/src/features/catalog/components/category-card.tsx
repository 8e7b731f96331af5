import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CatalogImage } from './catalog-image';

/** A category or subcategory: its image, name and how much it holds; opens the next level. */
export function CategoryCard(props: {
  to: string;
  name: string;
  imageUrl: string | null;
  count: string;
}) {
  return (
    <Box component="li" sx={{ display: 'flex' }}>
      <Card variant="outlined" sx={{ flexGrow: 1, display: 'flex' }} data-testid="category-card">
        <CardActionArea
          component={RouterLink}
          to={props.to}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', height: '100%' }}
        >
          <CatalogImage src={props.imageUrl} alt={props.name} height={140} />
          <CardContent sx={{ flexGrow: 1 }}>
            <Typography component="h2" variant="h3">
              {props.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {props.count}
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    </Box>
  );
}
