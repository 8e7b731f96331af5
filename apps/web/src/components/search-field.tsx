import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/** A small search box with a magnifier in front; it hands back what is typed. */
export function SearchField({
  label,
  value,
  onChange,
  maxLength,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      type="search"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      margin="none"
      size="small"
      sx={sx}
      slotProps={{
        htmlInput: maxLength === undefined ? undefined : { maxLength },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
