import TextField from '@mui/material/TextField';

/**
 * A required text of a few lines (a payment's concept): once the user has left it (or tried
 * to go on) empty, it says so in place of its hint.
 */
export function RequiredTextArea({
  label,
  value,
  onChange,
  touched,
  onBlur,
  requiredText,
  hint,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Whether the user has left the field (or tried to go on): only then is "empty" an error. */
  touched: boolean;
  onBlur: () => void;
  requiredText: string;
  hint?: string;
  maxLength: number;
}) {
  const missing = touched && value.trim() === '';
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      required
      multiline
      minRows={3}
      margin="none"
      error={missing}
      helperText={missing ? requiredText : hint}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}
